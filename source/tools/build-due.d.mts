/** Types of build-due.mjs, for the tests that ask it. */
/** Whether the project in `root` must be built before it runs. */
export function buildDue(root: string): boolean;
