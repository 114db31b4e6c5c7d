/**
 * Passwords of 12+ characters that appear near the top of public breach corpora, plus obvious local variants
 * (Spanish words, the product's name). Compared case-insensitively, ignoring spaces.
 */
const COMMON_PASSWORDS = `
123456789012 1234567890123 12345678901234 123456789123 1234567891011 123123123123 111111111111 000000000000
121212121212 987654321098 098765432109 123456123456 112233445566 123412341234 147258369147 159753159753
password1234 password12345 password123456 passwordpassword password1234567 password!234 p@ssword1234 p@ssw0rd1234
passw0rd1234 qwerty123456 qwertyuiop123 qwertyuiopas qwertyuiopasdf qwerty12345678 qwertyqwerty 1q2w3e4r5t6y
1q2w3e4r5t6y7u 1qaz2wsx3edc 1qaz2wsx3edc4rfv zaq12wsxcde3 qazwsxedcrfv qazwsxedcrfvtgb asdfghjkl123 asdfghjklzxc
zxcvbnm12345 iloveyou1234 iloveyouiloveyou administrator administrator1 admin1234567 admin123456789 adminadmin123
welcome12345 welcome123456 letmein12345 monkey123456 dragon123456 football1234 baseball1234 superman1234
princess1234 sunshine1234 starwars1234 trustno11234 abc123456789 abcdefghijkl abcdefghijklm abcd1234abcd
aaaaaaaaaaaa abcabcabcabc changeme1234 changemenow! mypassword12 mypassword123 secret123456 computer1234
internet1234 whatever1234 contraseña12 contraseña123 contraseña1234 contrasena123 contrasena1234 micontraseña
micontrasena 123456789abc restaurante1 restaurante123 restaurante1234 reservas1234 bienvenido123 bienvenido1234
mesa12345678 mesaadmin123 mesa123456789 barcelona1234 realmadrid12 realmadrid123 fcbarcelona1 madrid123456
espana123456 españa123456 teamo1234567 tequiero1234
`;

const normalise = (password: string) => password.toLowerCase().replace(/\s+/g, '');
const commonSet = new Set(COMMON_PASSWORDS.split(/\s+/).filter(Boolean).map(normalise));

export function isCommonPassword(password: string): boolean {
  const normalised = normalise(password);
  // One repeated character, or a run of the same short unit ('abcabcabcabc'), is as guessable as a listed one.
  return commonSet.has(normalised) || /^(.{1,4})\1+$/.test(normalised);
}
