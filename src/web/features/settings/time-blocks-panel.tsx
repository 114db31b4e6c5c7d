/** Placeholder: built by the Configuración work of issue 6. */
export function TimeBlocksPanel() {
  return null;
}
