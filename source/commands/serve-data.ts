/** Where `potm serve` keeps its host key, names, games and saves unless --data says. */
import {homedir} from 'node:os';
import {join} from 'node:path';

/** potm-server in the user's data folder ($XDG_DATA_HOME, else ~/.local/share). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
	const data = env['XDG_DATA_HOME'] && env['XDG_DATA_HOME'].startsWith('/') ? env['XDG_DATA_HOME'] : join(homedir(), '.local', 'share');
	return join(data, 'potm-server');
}
