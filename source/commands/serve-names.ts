/**
 * `potm serve --names` and `potm serve --forget NAME`: the host's look at who owns which name on
 * a server without --authorized-keys (serve/name-keys.ts), and the way to release one (a person
 * who lost their key, a name taken by somebody else first). Both work while the server runs: it
 * reads a name's owner again at every connection.
 */
import {NameKeys, NAMES_FOLDER} from '../serve/name-keys.js';
import {join} from 'node:path';
import {defaultDataDir} from './serve-data.js';

export function runNames(dataDir: string | undefined, forget: string | undefined): number {
	const dir = dataDir ?? defaultDataDir();
	const names = new NameKeys(dir);
	if (forget !== undefined) {
		if (!names.forget(forget)) {
			process.stderr.write(`potm: the name ${JSON.stringify(forget)} belongs to no key in ${join(dir, NAMES_FOLDER)}\n`);
			return 1;
		}
		process.stdout.write(`${forget}: released; the next key to come under it owns it (its saves stay in ${join(dir, 'players')})\n`);
		return 0;
	}
	const {owners, unreadable} = names.list();
	for (const why of unreadable) process.stderr.write(`potm: ${why} (nobody gets this name until --forget releases it)\n`);
	if (owners.length === 0) {
		process.stdout.write(`no name belongs to a key yet in ${join(dir, NAMES_FOLDER)}\n`);
		return 0;
	}
	const width = Math.max(4, ...owners.map(owner => [...owner.name].length));
	process.stdout.write(`${'name'.padEnd(width)}  ${'since'.padEnd(10)}  key\n`);
	for (const owner of owners)
		process.stdout.write(
			`${owner.name.padEnd(width + owner.name.length - [...owner.name].length)}  ${owner.since.slice(0, 10)}  ${owner.fingerprint}\n`,
		);
	return 0;
}
