import type { BuildOptions } from 'esbuild';
export const SERVICE_BUNDLE_OPTIONS: Readonly<BuildOptions>;
