// Preloaded with `node --import`: records every module URL the program resolves, one per line,
// into the file named by POTM_TRACE_FILE. Used to prove what a command does not load.
import {register} from 'node:module';

register('./trace-hooks.mjs', import.meta.url, {data: {file: process.env.POTM_TRACE_FILE}});
