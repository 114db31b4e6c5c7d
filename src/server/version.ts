import packageJson from '../../package.json' with { type: 'json' };

/** This build's version (package.json): /healthz and Seguridad say it, a pre-upgrade backup is named after it. */
export const MESA_VERSION: string = packageJson.version;
