/**
 * Who may connect to `potm serve`, and as whom: with --authorized-keys, the keys of that file
 * alone, each a person of its own; without, anyone, a name belonging to the first key that comes
 * under it (name-keys.ts) and a client without a key a guest with a name made up. ssh2 checks no
 * signature: each is verified here.
 */
import {timingSafeEqual} from 'node:crypto';
import {readFileSync} from 'node:fs';
// ssh2 is CommonJS: its parts come from the default export.
import ssh2, {type AuthContext, type ParsedKey} from 'ssh2';
import type {Identity, Person} from '../play/remote.js';
import {fingerprintOf} from './host-key.js';
import {guestName, isGuestName, type NameKeys, type Standing} from './name-keys.js';
import {folderName, playerName} from './names.js';
import type {QuietLog} from './quiet-log.js';

/**
 * The options of an authorized_keys line that potm serve keeps anyway (it forwards nothing and
 * runs no command for anyone); any other (from=, command=, expiry-time=, ...) restricts a key in a
 * way it does not enforce, so a file with one is refused rather than the restriction ignored.
 */
const KEPT_ANYWAY = new Set(['restrict', 'no-port-forwarding', 'no-agent-forwarding', 'no-x11-forwarding', 'no-user-rc']);

/** The keys an authorized_keys file allows (options before a key, and comments, are skipped). */
export function readAuthorizedKeys(path: string): ParsedKey[] {
	const keys: ParsedKey[] = [];
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		throw new Error(
			`${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'not readable by this user' : (error as Error).message}`,
		);
	}
	text.split(/\r?\n/).forEach((line, index) => {
		const entry = line.trim();
		if (entry === '' || entry.startsWith('#')) return;
		// "type base64 comment", possibly after options: the key starts at its type.
		const at = entry.search(/(?:^|\s)(?:ssh-|ecdsa-|sk-)/);
		const options = at <= 0 ? [] : (entry.slice(0, at).match(/(?:[^,"]|"[^"]*")+/g) ?? []).map(one => one.trim());
		const unkept = options.find(one => !KEPT_ANYWAY.has(one.toLowerCase()));
		if (unkept !== undefined)
			throw new Error(
				`${path} line ${index + 1}: the option ${unkept.split('=')[0]} is not enforced by potm serve; give it a file without it (only ${[...KEPT_ANYWAY].join(', ')} are kept, being what it does anyway)`,
			);
		const key = ssh2.utils.parseKey(at < 0 ? entry : entry.slice(at).trim());
		if (key instanceof Error) throw new Error(`${path} line ${index + 1}: not a public key (${key.message})`);
		keys.push(key);
	});
	if (keys.length === 0) throw new Error(`${path}: holds no key, so nobody could connect`);
	return keys;
}

const sameBytes = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/** What every connection's sign-in shares. */
export interface SignInRules {
	/** The keys of --authorized-keys (null: anyone may connect), and the file's path for the log. */
	readonly allowed: readonly ParsedKey[] | null;
	readonly authorizedKeys?: string | undefined;
	/** Without --authorized-keys: who owns which name (the first key under it). */
	readonly nameKeys: NameKeys | null;
	/** The guests' names in use, each on one connection. */
	readonly guests: Set<string>;
	readonly quiet: QuietLog;
	readonly log: (line: string) => void;
	/** How to reach the server under a user name: `ssh -p 2222 ada@HOST`. */
	readonly reachAs: (user: string) => string;
}

/** One connection's signing in: who it is once signed in, or why its screens are refused. */
export class SignIn {
	/** The name it plays under (the user name it gave, cleaned, or a guest's). */
	name = 'guest';
	/** How the person signed in is known; null until then. */
	identity: Identity | null = null;
	/** Why the screens and commands of a connection signed in under a name it does not own are refused. */
	refusal: string | null = null;
	/**
	 * With --authorized-keys, a person's saves are their key's: another key cannot open them by
	 * taking the same name. Without, a name is the key's that owns it (trustOnFirstUse).
	 */
	private owner = '';

	constructor(
		private readonly rules: SignInRules,
		private readonly address: string,
	) {}

	/** Accepts or refuses one try: 'refused' when it failed. */
	attempt(ctx: AuthContext): 'refused' | 'accepted' {
		this.name = playerName(ctx.username);
		const key = this.rules.nameKeys === null ? this.authenticate(ctx) : this.trustOnFirstUse(ctx, this.rules.nameKeys);
		if (key === 'refused') return key;
		if (key && this.rules.nameKeys === null) {
			const fingerprint = fingerprintOf(key);
			this.identity = {kind: 'authorized', fingerprint};
			this.owner = `key-${fingerprint.slice(7, 19).replace(/[^A-Za-z0-9]/g, '_')}`;
		}
		return 'accepted';
	}

	/** The connection has gone: a guest's name is free again. */
	gone(): void {
		if (this.identity?.kind === 'guest') this.rules.guests.delete(this.name);
	}

	/** The person signed in, as the hall knows them: their folder under players/, their name. */
	person(): Person {
		return {
			id: [...(this.owner ? [this.owner] : this.identity?.kind === 'guest' ? ['guests'] : []), folderName(this.name)].join('/'),
			name: this.name,
			...(this.identity === null ? {} : {identity: this.identity}),
		};
	}

	/**
	 * With --authorized-keys: the key that proved itself (null: none yet, or none asked);
	 * 'refused' when this try failed.
	 */
	private authenticate(ctx: AuthContext): ParsedKey | null | 'refused' {
		const {allowed, quiet} = this.rules;
		if (allowed === null) {
			ctx.accept();
			return null;
		}
		const refuse = (why?: string): 'refused' => {
			if (why) quiet.say(`${this.address} ${why}`, `${this.address}: refused ${why}`);
			ctx.reject(['publickey']);
			return 'refused';
		};
		if (ctx.method !== 'publickey') return refuse();
		const key = allowed.find(one => one.type === ctx.key.algo && sameBytes(one.getPublicSSH(), ctx.key.data));
		if (!key) return refuse(`a key not in ${this.rules.authorizedKeys}`);
		// Without a signature the client only asks whether the key would do; with one it proves it holds it.
		if (!ctx.signature) {
			ctx.accept();
			return null;
		}
		if (key.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) !== true) return refuse('a key whose signature does not hold');
		ctx.accept();
		return key;
	}

	/**
	 * Without --authorized-keys: a key proves itself and owns its name (the first to come under
	 * it), or is turned away where the name is another key's (the client may offer its next key);
	 * a client without a key (keyboard-interactive, with no question asked) is a guest, or is told,
	 * once it opens a screen, that the name it came under is somebody's.
	 */
	private trustOnFirstUse(ctx: AuthContext, nameKeys: NameKeys): ParsedKey | null | 'refused' {
		const {address} = this;
		const {quiet, guests, reachAs} = this.rules;
		const name = this.name;
		const turnAway = (why?: string): 'refused' => {
			if (why) quiet.say(`${address} ${why}`, `${address} ${name}: refused ${why}`);
			ctx.reject(['publickey', 'keyboard-interactive']);
			return 'refused';
		};
		const taken = (standing: Standing) => {
			const whose =
				standing.kind === 'unreadable'
					? 'a key the server cannot read back'
					: standing.kind === 'free'
						? 'nobody'
						: `another key (${standing.owner.fingerprint}, since ${standing.owner.since.slice(0, 10)})`;
			this.refusal =
				`the name ${name} belongs to ${whose}. Connect with that key (ssh -i KEYFILE ...), ` +
				`under another name (${reachAs('OTHER')}) or as a guest (${reachAs('guest')}); the host can release it (potm serve --forget ${name})`;
		};
		if (ctx.method === 'publickey') {
			// A guest's name belongs to no key: the client goes on without one.
			if (isGuestName(name)) return turnAway();
			const key = ssh2.utils.parseKey(ctx.key.data);
			if (key instanceof Error || Array.isArray(key)) return turnAway('a key that does not read');
			const standing = nameKeys.standing(name, fingerprintOf(key));
			if (standing.kind === 'taken' || standing.kind === 'unreadable') {
				taken(standing);
				return turnAway();
			}
			// Without a signature the client only asks whether the key would do; with one it proves it holds it.
			if (!ctx.signature) {
				ctx.accept();
				return null;
			}
			if (key.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) !== true) return turnAway('a key whose signature does not hold');
			const claim = nameKeys.claim(name, key);
			if (claim.kind !== 'yours') {
				taken(claim);
				return turnAway();
			}
			if (claim.claimed) this.rules.log(`${address} ${name}: the name is now ${claim.owner.fingerprint}'s`);
			this.identity = {kind: 'owner', fingerprint: claim.owner.fingerprint, claimed: claim.claimed === true};
			this.refusal = null;
			ctx.accept();
			return key;
		}
		if (ctx.method === 'keyboard-interactive') {
			const owned = isGuestName(name) ? null : nameKeys.owner(name);
			if (owned !== null) {
				if (this.refusal === null)
					taken('unreadable' in owned ? {kind: 'unreadable', why: owned.unreadable} : {kind: 'taken', owner: owned});
			} else {
				// Signed in after all (a try under another name may have been turned away: SSH lets each try name its own user).
				this.refusal = null;
				this.name = guestName(one => guests.has(one));
				guests.add(this.name);
				this.identity = {kind: 'guest'};
				quiet.say(`${address} guest`, `${address} ${this.name}: a guest, without a key (the user name given: ${JSON.stringify(name)})`);
			}
			ctx.accept();
			return null;
		}
		return turnAway();
	}
}
