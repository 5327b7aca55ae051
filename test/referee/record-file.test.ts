/**
 * A referee game's record (source/referee/record-file.ts) read back as it was written: the
 * position file, the players of both sides and how a game lost by a fault ended come out the
 * same, in every game, whatever names and paths they hold.
 */
import {describe, expect, test} from 'vitest';
import {games} from '../../source/games/registry.js';
import {
	isRefereeRecord,
	readRecordHeader,
	recordFaultEnding,
	recordPlayer,
	recordText,
	type RecordHeader,
} from '../../source/referee/record-file.js';
import type {GameRecord, PlayerSpec} from '../../source/referee/types.js';

const builtin = (name: string): PlayerSpec => ({kind: 'builtin', name, player: {kind: 'random'}});
const entry = (name: string, argv: string[]): PlayerSpec => ({kind: 'external', name, command: argv.join(' '), argv});

/** A game RED... lost by a fault of the side to move (side 2 here: side 1 won). */
function faultRecord(reason: string, description: string): GameRecord {
	return {
		number: 7,
		match: 4,
		seats: [1, 0],
		result: 'win',
		winner: 1,
		reason,
		description,
		disqualified: 2,
		points: [3, 5],
		plies: 12,
		clockUsedMs: [1_234, 59_999],
		longestMoveMs: [300, 20_000],
		moves: [
			{player: 1, move: 'a1 b2', cpuMs: 12, wallMs: 15, clockAfter: 59.98, stdout: 'a1 b2\n', asExpected: true},
			{player: 2, move: '', cpuMs: 60_000, wallMs: 60_100, clockAfter: 0, stderr: 'thinking (hard)\n', stopped: 'time'},
		],
		finalPosition: '',
	};
}

function read(text: string): RecordHeader {
	const header = readRecordHeader('run/game-007.record.txt', text);
	if (typeof header === 'string') throw new Error(header);
	return header;
}

describe('a referee record, written then read', () => {
	const players = [entry('my entry (v2)', ['python3', '/home/me/my entry/run.py', '--fast']), builtin('ai:5')];
	const positions = ['game-007.txt', 'runs/a b (c)/game-007.txt', 'x (potm analyze y steps through the game).txt'];

	test.each(games.map(game => [game.id, game] as const))('%s: the players, the position file and the ending come back', (_, game) => {
		for (const positionFile of positions) {
			const record = faultRecord('time', `${game.sides[0]} won on time`);
			const text = recordText(record, {game, players, clockMs: 60_000}, positionFile);
			expect(isRefereeRecord(text)).toBe(true);
			const header = read(text);
			expect(header.position).toBe(positionFile);
			expect(header.lines[header.positionLine - 1]!.text.startsWith('Final position: ')).toBe(true);
			// Seats [1, 0]: side 1 is the built-in player, side 2 the entry.
			expect([recordPlayer(header, game.sides, 1), recordPlayer(header, game.sides, 2)]).toEqual(['ai:5', 'my entry (v2)']);
			expect(recordFaultEnding(header, 2)).toEqual({result: 'win', winner: 1, reason: 'time', description: `${game.sides[0]} won on time`});
		}
	});

	test('read back the same with Windows line ends and a byte order mark', () => {
		const [game] = games;
		const text = recordText(faultRecord('crash', 'BLUE crashed'), {game: game!, players, clockMs: 10_000}, 'g.txt');
		const header = read(`\ufeff${text.replace(/\n/g, '\r\n')}`);
		expect(header.position).toBe('g.txt');
		expect(recordPlayer(header, game!.sides, 2)).toBe('my entry (v2)');
		expect(recordFaultEnding(header, 2)).toMatchObject({reason: 'crash', description: 'BLUE crashed'});
	});

	test('a header cut short before its position line is no record, said with the file and line', () => {
		const [game] = games;
		const text = recordText(faultRecord('time', 'won on time'), {game: game!, players, clockMs: 10_000}, 'g.txt');
		const cut = text.split('\n').slice(0, 4).join('\n');
		expect(readRecordHeader('run/g.record.txt', cut)).toBe(
			'run/g.record.txt line 4: no "Final position: FILE (potm analyze FILE steps through the game)" line: it is not a whole potm referee record',
		);
	});

	test('a text of another kind is no referee record', () => {
		expect(isRefereeRecord('[Game "LOAPS"]\n')).toBe(false);
		expect(isRefereeRecord('')).toBe(false);
	});
});
