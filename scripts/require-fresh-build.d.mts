// Types of scripts/require-fresh-build.mjs for the TypeScript that imports it (the app's e2e setup).
export declare function buildFreshnessProblems(packageDirectory: string): string[];
export declare const BUILD_STAMP_FILE: string;
export declare function writeBuildStamp(packageDirectory: string): void;
