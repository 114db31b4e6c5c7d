/** Placeholder: built by the Configuración work of issue 6. */
export function MessagesCentre() {
  return null;
}
