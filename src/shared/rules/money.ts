// Amounts as Spanish staff read them: '60,00 €'. Stored and sent as integer cents everywhere.
const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

export const formatEuros = (cents: number): string => euros.format(cents / 100);
