// The reference at /api/docs (decision 048): Swagger UI from Mesa's own node_modules, reading /api/openapi.json.
// A file of its own, not an inline script: the page keeps Mesa's CSP (script-src 'self', no 'unsafe-inline').
window.SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#api-reference',
  deepLinking: true,
  // Only the reference: no top bar to type another document's address, no badge from an outside validator.
  layout: 'BaseLayout',
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
});
