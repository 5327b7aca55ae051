/**
 * The shipped puzzle sets (puzzles/*.txt, built by `npm run puzzles -- build`): each reads, has
 * 300 puzzles at least, members in every rating band and every theme, no position twice; and a
 * fixed sample of each is proved again on every run (the whole check is `npm run puzzles --
 * check`, and `npm run bench -- puzzles`).
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, test} from 'vitest';
import {formatParseError} from '../../source/games/game.js';
import {baseGameId, gameById, games} from '../../source/games/registry.js';
import {seededRandom} from '../../source/games/seeded.js';
import {loaps} from '../../source/games/loa/index.js';
import {checkSets, puzzleGames} from '../../source/learn/build.js';
import {formatPuzzles, headerOf, parsePuzzles} from '../../source/learn/puzzle-file.js';
import {reprove} from '../../source/learn/prove.js';
import {BANDS, bandOf, type Puzzle} from '../../source/learn/puzzle.js';

/** Puzzles each set has at least, and each band of it. */
const LEAST = 300;
const LEAST_A_BAND = 50;
/** Puzzles of each set proved again on every run, drawn with this seed. */
const SAMPLE = 5;
const SAMPLE_SEED = 20_260_101;

function setOf(id: string): readonly Puzzle[] {
	const path = new URL(`../../puzzles/${id}.txt`, import.meta.url);
	const parsed = parsePuzzles(readFileSync(path, 'utf8'), `puzzles/${id}.txt`);
	if (!parsed.ok) throw new Error(formatParseError(parsed.error));
	return parsed.value;
}

test('the sets are those of LOAPS, classic LOA, PAH-TUM and LINES and BOXES', () => {
	expect(puzzleGames().map(game => game.id)).toEqual(['loaps', 'loa', 'pahtum', 'boxes']);
});

describe.each(puzzleGames().map(game => [game.id, game] as const))('puzzles/%s.txt', (id, game) => {
	const puzzles = setOf(id);

	test(`reads, says in its header how it was built, and has ${LEAST} puzzles at least, all of this game`, () => {
		const header = headerOf(readFileSync(new URL(`../../puzzles/${id}.txt`, import.meta.url), 'utf8')).join('\n');
		expect(header).toMatch(/npm run puzzles -- build --game \S+ --seed \d+/);
		expect(puzzles.length).toBeGreaterThanOrEqual(LEAST);
		for (const puzzle of puzzles) expect(baseGameId(gameById(puzzle.game)!)).toBe(id);
	});

	test(`every band has ${LEAST_A_BAND} puzzles at least`, () => {
		for (const band of BANDS)
			expect(puzzles.filter(puzzle => bandOf(puzzle.rating) === band.name).length, band.name).toBeGreaterThanOrEqual(LEAST_A_BAND);
	});

	test('every theme of the game has a puzzle', () => {
		for (const theme of game.puzzleThemes!.themes)
			expect(
				puzzles.some(puzzle => puzzle.themes.includes(theme.id)),
				theme.id,
			).toBe(true);
	});

	test('no position is there twice, as text or as the same board with the same side to move', () => {
		expect(new Set(puzzles.map(puzzle => puzzle.position)).size).toBe(puzzles.length);
		const keys = puzzles.map(puzzle => {
			const parsed = game.parse(puzzle.position, puzzle.id);
			if (!parsed.ok) throw new Error(parsed.error.message);
			const position = game.searchPosition(parsed.value);
			return `${position.hashLo}:${position.hashHi}:${position.keyLo}:${position.keyHi}`;
		});
		expect(new Set(keys).size).toBe(puzzles.length);
	});

	test(`a sample of ${SAMPLE} proves again, each by its own kind of proof`, () => {
		const random = seededRandom(SAMPLE_SEED);
		const picked = new Set<number>();
		while (picked.size < Math.min(SAMPLE, puzzles.length)) picked.add(Math.floor(random() * puzzles.length));
		for (const index of picked) {
			const puzzle = puzzles[index]!;
			expect(reprove(gameById(puzzle.game)!, puzzle), puzzle.id).toBeNull();
		}
	});
});

test('the check counts and names a puzzle that no longer proves, and a set that does not read', () => {
	const dir = mkdtempSync(join(tmpdir(), 'potm-puzzles-'));
	try {
		const position = ['1 20', '1 0 60.0', '2 0 60.0', '2.....2', '.......', '.......', '..1..1.', '..1....', '.......', '......2', ''].join(
			'\n',
		);
		const good = {
			id: 'loaps-0001',
			game: 'loaps',
			position,
			solution: ['f4 d4'],
			themes: ['connect-in-1'],
			rating: 900,
			proof: 'proof',
			source: 'by hand',
		} as const;
		writeFileSync(join(dir, 'loaps.txt'), formatPuzzles([good, {...good, id: 'loaps-0002', solution: ['f4 f5']}], ['a test set']));
		const lines: string[] = [];
		expect(checkSets([loaps], dir, line => lines.push(line))).toBe(1);
		expect(lines[0]).toBe('  loaps-0002: the move that wins is f4 d4, not f4 f5');
		expect(lines[1]).toMatch(/^loaps: 2 puzzles re-proved in \d+\.\d s, 1 failed$/);
		writeFileSync(join(dir, 'loaps.txt'), formatPuzzles([good], []).replace('game loaps', 'game chess'));
		lines.length = 0;
		expect(checkSets([loaps], dir, line => lines.push(line))).toBe(1);
		expect(lines).toEqual([`${join(dir, 'loaps.txt')} line 2: no game "chess": the games are ${games.map(game => game.id).join(', ')}`]);
	} finally {
		rmSync(dir, {recursive: true, force: true});
	}
});
