/**
 * The server's host key: made on the first start (ed25519, in OpenSSH's format) and kept in the
 * server's folder, readable by its owner only, so that clients see the same key at every start
 * and warn if it ever changes. Its fingerprint is printed as OpenSSH prints one (SHA256:...).
 */
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import ssh2, {type ParsedKey} from 'ssh2';
import {writeNew} from '../files/atomic.js';

export const HOST_KEY_FILE = 'host_ed25519_key';

export interface HostKey {
	/** The private key, in OpenSSH's format, for ssh2's server. */
	readonly key: string;
	/** "SHA256:..." as `ssh-keygen -l` and a client's first connection show it. */
	readonly fingerprint: string;
	/** Where it is kept. */
	readonly path: string;
	/** Whether this start made it. */
	readonly made: boolean;
}

/** The fingerprint of a parsed key: SHA-256 of its public blob, base64 without padding. */
export function fingerprintOf(key: ParsedKey): string {
	return `SHA256:${createHash('sha256').update(key.getPublicSSH()).digest('base64').replace(/=+$/, '')}`;
}

/** Reads `path` as a key, or says why it is not one. */
function parsed(text: string, path: string): ParsedKey {
	const key = ssh2.utils.parseKey(text);
	if (key instanceof Error) throw new Error(`${path}: not a private key ssh can use (${key.message})`);
	return key;
}

/**
 * A new ed25519 pair in OpenSSH's format that ssh2 reads back. Its generator drops the leading
 * zero byte of about one public key in 256 (mscdex/ssh2 issues 1390 and 1513), and such a key
 * does not parse: a server that made one as its host key could never start again. Another is drawn.
 */
export function newKeyPair(comment: string): {private: string; public: string} {
	for (;;) {
		const pair = ssh2.utils.generateKeyPairSync('ed25519', {comment});
		if (!(ssh2.utils.parseKey(pair.private) instanceof Error) && !(ssh2.utils.parseKey(pair.public) instanceof Error)) return pair;
	}
}

/** The host key kept in `dir`, made there first if there is none. */
export function hostKeyIn(dir: string): HostKey {
	mkdirSync(dir, {recursive: true, mode: 0o700});
	const path = join(dir, HOST_KEY_FILE);
	let made = false;
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
		const pair = newKeyPair('potm serve');
		// Never over a key another start wrote meanwhile: then that one is read.
		made = writeNew([path], pair.private, 0o600) !== null;
		text = readFileSync(path, 'utf8');
	}
	return {key: text, fingerprint: fingerprintOf(parsed(text, path)), path, made};
}
