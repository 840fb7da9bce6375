// Types of scripts/require-fresh-build.mjs for the TypeScript that imports it (the app's e2e setup).
export declare function buildFreshnessProblems(packageDirectory: string): string[];
