export const WEB_SOURCE_DIR: string;
export const WEB_OUT_DIR: string;
export function webSourceHash(): string;
export function buildWebApp(options?: { force?: boolean; log?: boolean }): Promise<boolean>;
