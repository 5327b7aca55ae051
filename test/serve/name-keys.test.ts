/** Who owns a name (serve/name-keys.ts): the first key, atomically; released by the host; a file that does not read gives the name to nobody. */
import {mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import ssh2, {type ParsedKey} from 'ssh2';
import {afterAll, describe, expect, test} from 'vitest';
import {guestName, isGuestName, NameKeys, NAMES_FOLDER} from '../../source/serve/name-keys.js';
import {fingerprintOf, newKeyPair} from '../../source/serve/host-key.js';
import {folderName} from '../../source/serve/names.js';

const scratch = mkdtempSync(join(tmpdir(), 'potm-name-keys-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));
let folders = 0;
const fresh = () => join(scratch, `data-${++folders}`);

function publicKey(): ParsedKey {
	const key = ssh2.utils.parseKey(newKeyPair('test').public);
	if (key instanceof Error || Array.isArray(key)) throw new Error('no key');
	return key;
}

describe('names and their keys', () => {
	test('the first key under a name owns it; the same key is known again, another is not; the file is private and whole', () => {
		const dir = fresh();
		const names = new NameKeys(dir);
		const [ada, eve] = [publicKey(), publicKey()];
		expect(names.standing('ada', fingerprintOf(ada))).toEqual({kind: 'free'});
		const first = names.claim('ada', ada, new Date('2026-11-29T12:00:00Z'));
		expect(first).toMatchObject({
			kind: 'yours',
			claimed: true,
			owner: {name: 'ada', fingerprint: fingerprintOf(ada), since: '2026-11-29T12:00:00.000Z'},
		});
		expect(names.claim('ada', ada)).toMatchObject({kind: 'yours'});
		expect(names.claim('ada', ada)).not.toHaveProperty('claimed');
		expect(names.claim('ada', eve)).toMatchObject({kind: 'taken', owner: {fingerprint: fingerprintOf(ada)}});
		expect(names.standing('ada', fingerprintOf(eve)).kind).toBe('taken');
		// Another name is another's to claim.
		expect(names.claim('eve', eve).kind).toBe('yours');
		const file = join(dir, NAMES_FOLDER, 'ada.json');
		expect(statSync(file).mode & 0o777).toBe(0o600);
		// No temporary left beside the files.
		expect(readdirSync(join(dir, NAMES_FOLDER)).sort()).toEqual(['ada.json', 'eve.json']);
		expect(names.list().owners.map(owner => owner.name)).toEqual(['ada', 'eve']);
	});

	test('of two claims at once through two readers of one folder, one wins and the other is told the name is taken', () => {
		const dir = fresh();
		const [one, two] = [new NameKeys(dir), new NameKeys(dir)];
		const [a, b] = [publicKey(), publicKey()];
		// The second looks before the first writes: it still finds the name taken when it places its file.
		expect(two.standing('zoe', fingerprintOf(b)).kind).toBe('free');
		expect(one.claim('zoe', a).kind).toBe('yours');
		const late = two.claim('zoe', b);
		expect(late).toMatchObject({kind: 'taken', owner: {fingerprint: fingerprintOf(a)}});
	});

	test('released, a name goes to the next key; a name nobody owns cannot be released', () => {
		const names = new NameKeys(fresh());
		const [a, b] = [publicKey(), publicKey()];
		names.claim('ada', a);
		expect(names.forget('ada')).toBe(true);
		expect(names.forget('ada')).toBe(false);
		expect(names.claim('ada', b)).toMatchObject({kind: 'yours', claimed: true, owner: {fingerprint: fingerprintOf(b)}});
	});

	test('a name whose file does not read belongs to nobody until released, and the list says which file', () => {
		const dir = fresh();
		const names = new NameKeys(dir);
		mkdirSync(join(dir, NAMES_FOLDER), {recursive: true});
		writeFileSync(join(dir, NAMES_FOLDER, `${folderName('bob')}.json`), '{"name": "bob", "finger');
		const key = publicKey();
		expect(names.standing('bob', fingerprintOf(key)).kind).toBe('unreadable');
		expect(names.claim('bob', key).kind).toBe('unreadable');
		const listed = names.list();
		expect(listed.owners).toEqual([]);
		expect(listed.unreadable).toHaveLength(1);
		expect(listed.unreadable[0]).toContain('bob.json');
		expect(names.forget('bob')).toBe(true);
		expect(names.claim('bob', key).kind).toBe('yours');
	});

	test('names with characters a folder cannot hold are kept apart', () => {
		const names = new NameKeys(fresh());
		const [a, b] = [publicKey(), publicKey()];
		expect(names.claim('a/b', a).kind).toBe('yours');
		expect(names.claim('a_b', b).kind).toBe('yours');
		expect(names.list().owners.map(owner => owner.name)).toEqual(['a/b', 'a_b']);
	});

	test("a guest's name is never a key's, and each guest's differs from those in use", () => {
		expect(isGuestName('guest')).toBe(true);
		expect(isGuestName('Guest-7KQ')).toBe(true);
		expect(isGuestName('ada')).toBe(false);
		const used = new Set<string>();
		for (let count = 0; count < 200; count++) {
			const name = guestName(one => used.has(one));
			expect(name).toMatch(/^guest-[2-9A-HJ-NP-Z]{3,}$/);
			expect(used.has(name)).toBe(false);
			used.add(name);
		}
		// Every three-character tag taken: a longer one.
		expect(guestName(one => one.length === 'guest-7KQ'.length)).toMatch(/^guest-[2-9A-HJ-NP-Z]{4}$/);
	});
});
