/** A list's query as URL parameters: the filters left empty are left out of the URL. */
export function searchParamsOf(query: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}
