/**
 * Who a name belongs to on a server without --authorized-keys: trust on first use. The first
 * public key that proves itself under a name owns it from then on; later, that name is given only
 * to a connection that proves the same key. Each owned name is a small file of its own under the
 * server's folder (`names/NAME.json`: the name, the key's fingerprint, the key, since when),
 * placed with a hard link so that two first connections under one name cannot both claim it, and
 * never half-written. Another process (`potm serve --forget NAME`) may release a name while the
 * server runs: every check reads the file again.
 *
 * Names beginning with "guest" belong to nobody: they are what a client without a key is called.
 */
import {mkdirSync, readdirSync, readFileSync, unlinkSync} from 'node:fs';
import {join} from 'node:path';
import {randomInt} from 'node:crypto';
import type {ParsedKey} from 'ssh2';
import {writeNew} from '../files/atomic.js';
import {fingerprintOf} from './host-key.js';
import {CODE_ALPHABET, folderName} from './names.js';

/** The folder of the owned names, in the server's folder. */
export const NAMES_FOLDER = 'names';

/** An owned name, as its file keeps it. */
export interface NameOwner {
	readonly name: string;
	/** "SHA256:...", as `ssh-keygen -l` prints it. */
	readonly fingerprint: string;
	/** The public key in OpenSSH's one-line form (`ssh-ed25519 AAAA...`). */
	readonly key: string;
	/** When it was claimed (ISO 8601). */
	readonly since: string;
}

/** Where a name stands for one key. */
export type Standing =
	| {readonly kind: 'free'}
	| {readonly kind: 'yours'; readonly owner: NameOwner}
	| {readonly kind: 'taken'; readonly owner: NameOwner}
	/** The name's file does not read: nobody gets the name until the host releases it. */
	| {readonly kind: 'unreadable'; readonly why: string};

/** Names a key can never own: what keyless clients are called. */
export const isGuestName = (name: string): boolean => /^guest/i.test(name);

/** A guest's name not in `taken`: guest-7KQ (a fourth character, and more, once the three-character ones grow scarce). */
export function guestName(taken: (name: string) => boolean): string {
	for (let length = 3; ; length++) {
		for (let tries = 0; tries < 20; tries++) {
			let tag = '';
			for (let index = 0; index < length; index++) tag += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
			if (!taken(`guest-${tag}`)) return `guest-${tag}`;
		}
	}
}

/** The key as one line of OpenSSH's public key format. */
const publicLine = (key: ParsedKey): string => `${key.type} ${key.getPublicSSH().toString('base64')}`;

function isOwner(value: unknown): value is NameOwner {
	if (typeof value !== 'object' || value === null) return false;
	const owner = value as Record<string, unknown>;
	return ['name', 'fingerprint', 'key', 'since'].every(field => typeof owner[field] === 'string');
}

export class NameKeys {
	private readonly dir: string;

	constructor(dataDir: string) {
		this.dir = join(dataDir, NAMES_FOLDER);
	}

	private fileOf(name: string): string {
		return join(this.dir, `${folderName(name)}.json`);
	}

	/** The name's owner, null for nobody, or why its file does not read. */
	owner(name: string): NameOwner | null | {readonly unreadable: string} {
		const path = this.fileOf(name);
		let text: string;
		try {
			text = readFileSync(path, 'utf8');
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
			return {unreadable: `${path}: ${(error as Error).message}`};
		}
		try {
			const value: unknown = JSON.parse(text);
			if (isOwner(value) && value.name === name) return value;
			return {unreadable: `${path}: not the owner of ${JSON.stringify(name)}`};
		} catch (error) {
			return {unreadable: `${path}: ${(error as Error).message}`};
		}
	}

	/** Where `name` stands for the key with `fingerprint`. */
	standing(name: string, fingerprint: string): Standing {
		const owner = this.owner(name);
		if (owner === null) return {kind: 'free'};
		if ('unreadable' in owner) return {kind: 'unreadable', why: owner.unreadable};
		return owner.fingerprint === fingerprint ? {kind: 'yours', owner} : {kind: 'taken', owner};
	}

	/**
	 * Gives `name` to `key` if nobody has it (atomically: of two claims at once, one wins); where
	 * the name stands for the key afterwards, with `claimed` set when this call gave it.
	 */
	claim(name: string, key: ParsedKey, now = new Date()): Standing & {readonly claimed?: boolean} {
		const fingerprint = fingerprintOf(key);
		const before = this.standing(name, fingerprint);
		if (before.kind !== 'free') return before;
		mkdirSync(this.dir, {recursive: true, mode: 0o700});
		const owner: NameOwner = {name, fingerprint, key: publicLine(key), since: now.toISOString()};
		const placed = writeNew([this.fileOf(name)], `${JSON.stringify(owner, null, '\t')}\n`, 0o600);
		if (placed === null) return this.standing(name, fingerprint);
		return {kind: 'yours', owner, claimed: true};
	}

	/** Releases `name`: the next key to come under it owns it. Gives whether it was owned (or unreadable). */
	forget(name: string): boolean {
		try {
			unlinkSync(this.fileOf(name));
			return true;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
			throw error;
		}
	}

	/** Every owned name, by name, and the files that do not read. */
	list(): {readonly owners: readonly NameOwner[]; readonly unreadable: readonly string[]} {
		let files: string[];
		try {
			files = readdirSync(this.dir).filter(file => file.endsWith('.json') && !file.startsWith('.'));
		} catch {
			return {owners: [], unreadable: []};
		}
		const owners: NameOwner[] = [];
		const unreadable: string[] = [];
		for (const file of files) {
			const path = join(this.dir, file);
			try {
				const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
				if (isOwner(value) && `${folderName(value.name)}.json` === file) owners.push(value);
				else unreadable.push(`${path}: not a name's owner`);
			} catch (error) {
				unreadable.push(`${path}: ${(error as Error).message}`);
			}
		}
		owners.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
		return {owners, unreadable};
	}
}
