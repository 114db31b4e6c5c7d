// First, and before anything of the app is even loaded: it must run before sonner's module body and
// before any zod parse (see the file).
import './lib/csp-compat';
import './styles.css';

// The app comes through a dynamic import so that no chunking can run it ahead of csp-compat. With static
// imports, code shared by the entry and the lazy routes (sonner among it, as soon as a lazy page shows a
// toast) goes into a common chunk that the entry imports, and imported chunks are evaluated first.
void import('./app');
