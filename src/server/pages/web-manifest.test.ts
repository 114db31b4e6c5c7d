import { describe, expect, it } from 'vitest';
import { adminPreloadLinks, chunkFiles, type ViteManifest } from './web-manifest.ts';

// A build's graph in miniature: the entry loads the app at once; the router loads the admin page and its tab.
const manifest: ViteManifest = {
  'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime.js'], dynamicImports: ['app.tsx'], css: ['assets/index-1.css'] },
  '_runtime.js': { file: 'assets/runtime-1.js' },
  'app.tsx': { file: 'assets/app-1.js', imports: ['_framework.js'], dynamicImports: ['pages/admin-page.tsx', 'features/today/today-tab.tsx', 'pages/auth-page.tsx'] },
  '_framework.js': { file: 'assets/framework-1.js' },
  'pages/admin-page.tsx': { file: 'assets/admin-page-1.js', imports: ['_framework.js', '_dialog.js'], dynamicImports: ['features/history/history-tab.tsx'] },
  'features/today/today-tab.tsx': { file: 'assets/today-tab-1.js', imports: ['_dialog.js'], css: ['assets/today-1.css'] },
  '_dialog.js': { file: 'assets/dialog-1.js' },
  'pages/auth-page.tsx': { file: 'assets/auth-page-1.js' },
  'features/history/history-tab.tsx': { file: 'assets/history-tab-1.js' },
};
const template = '<head><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>';

describe('the build graph', () => {
  it("follows static imports, and an entry's dynamic imports, but not the lazy routes' own", () => {
    expect(chunkFiles(manifest, ['pages/admin-page.tsx'])).toEqual({ js: ['assets/admin-page-1.js', 'assets/framework-1.js', 'assets/dialog-1.js'], css: [] });
    expect(chunkFiles(manifest, ['main.tsx']).js).toEqual(['assets/index-1.js', 'assets/runtime-1.js', 'assets/app-1.js', 'assets/framework-1.js']);
  });

  it('announces what /admin needs besides the page’s own files, and never another route', () => {
    const links = adminPreloadLinks(manifest, template);
    for (const file of ['runtime-1.js', 'app-1.js', 'framework-1.js', 'admin-page-1.js', 'today-tab-1.js', 'dialog-1.js']) {
      expect(links).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    }
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/today-1.css">');
    expect(links).not.toContain('index-1');
    expect(links).not.toContain('auth-page');
    expect(links).not.toContain('history-tab');
    expect(adminPreloadLinks(null, template)).toBe('');
  });
});
