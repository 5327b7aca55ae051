/** Types of build-due.mjs, for the tests that ask it. */
/** Whether the project in `root` must be built before it runs (its build in `out`, dist/ by default). */
export function buildDue(root: string, out?: string): boolean;
