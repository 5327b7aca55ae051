/**
 * The board's keys, shared by the play and analysis screens: the cursor, picking a piece up and
 * putting it down, and typing a move. The game decides what is legal; this hook turns keys into
 * a move or a message.
 */
import {useRef, useState} from 'react';
import type {AnyGame} from '../games/registry.js';
import type {Action} from './keys.js';
import {moveCursor, pick, targetsFrom, type Pointer} from './pointer.js';
import type {BoardMarks} from './board.js';

export interface BoardControls {
	readonly pointer: Pointer;
	/** The move being typed, or null when not typing. */
	readonly typing: string | null;
	/** Marks for the board: cursor, the piece picked up and its destinations. */
	readonly marks: Pick<BoardMarks, 'cursor' | 'selected' | 'targets'>;
	/** Handles a key while typing; true when it was taken. */
	typed(name: string): boolean;
	/** Handles a board action; true when it was one. */
	act(action: Action): boolean;
	/** Drops the piece picked up and stops typing (the position changed). */
	reset(): void;
}

export interface BoardHandlers {
	/** A legal move was made on the board or typed. */
	readonly onMove: (move: number) => void;
	/** Something to tell the player; error true for a refused move. */
	readonly onMessage: (text: string, error: boolean) => void;
	/** Whether the player may move now (false while the AI is to move or the game is over). */
	readonly canMove: boolean;
	/** Why not, when canMove is false. */
	readonly cannotMove: string;
}

/** The square the cursor starts on: the middle of the home rank of `side` (the side to move by default). */
function startSquare(game: AnyGame, state: unknown, side?: number): number {
	const view = game.board(state);
	const rank = (side ?? game.toMove(state)) === 1 ? 0 : view.ranks - 1;
	return rank * view.files + Math.floor(view.files / 2);
}

export function useBoardControls(game: AnyGame, state: unknown, flipped: boolean, handlers: BoardHandlers, side?: number): BoardControls {
	const [pointer, setPointerState] = useState<Pointer>(() => ({cursor: startSquare(game, state, side), selected: null}));
	const [typing, setTypingState] = useState<string | null>(null);
	// Several keys can come in one input and are handled in one go: each must see what the one
	// before did, so the latest values live in refs as well as in state.
	const pointerRef = useRef(pointer);
	const typingRef = useRef(typing);
	const setPointer = (next: Pointer | ((current: Pointer) => Pointer)) => {
		pointerRef.current = typeof next === 'function' ? next(pointerRef.current) : next;
		setPointerState(pointerRef.current);
	};
	const setTyping = (next: string | null | ((current: string | null) => string | null)) => {
		typingRef.current = typeof next === 'function' ? next(typingRef.current) : next;
		setTypingState(typingRef.current);
	};
	const view = game.board(state);
	// A piece picked up in another position is dropped (the position changed under it).
	const selected = pointer.selected !== null && view.pieces[pointer.selected] === game.toMove(state) ? pointer.selected : null;
	const targets = selected === null ? new Set<number>() : targetsFrom(game, state, selected);

	const submit = (text: string) => {
		setTyping(null);
		if (text.trim() === '') return;
		if (!handlers.canMove) return handlers.onMessage(handlers.cannotMove, true);
		const parsed = game.parseMove(state, text.trim());
		if (!parsed.ok) return handlers.onMessage(parsed.error, true);
		setPointer(current => ({...current, selected: null}));
		handlers.onMove(parsed.value);
	};

	return {
		pointer: {...pointer, selected},
		typing,
		marks: {cursor: pointer.cursor, selected, targets},
		typed(name) {
			const text = typingRef.current;
			if (text === null) return false;
			if (name === 'escape') setTyping(null);
			else if (name === 'enter') submit(text);
			else if (name === 'backspace') setTyping(text => (text ?? '').slice(0, -1));
			else if (name === 'space') setTyping(text => `${text ?? ''} `);
			else if (name.length === 1 && text.length < 20) setTyping(`${text}${name}`);
			return true;
		},
		act(action) {
			switch (action) {
				case 'up':
				case 'down':
				case 'left':
				case 'right':
					setPointer(current => moveCursor(current, action, view.files, view.ranks, flipped));
					return true;
				case 'cancel':
					if (selected !== null) handlers.onMessage('Put the piece back', false);
					setPointer(current => ({...current, selected: null}));
					return true;
				case 'type-move':
					setTyping('');
					return true;
				case 'select': {
					if (!handlers.canMove) {
						handlers.onMessage(handlers.cannotMove, true);
						return true;
					}
					const current = pointerRef.current;
					const picked = pick(game, state, {...current, selected: current.selected !== null && view.pieces[current.selected] === game.toMove(state) ? current.selected : null});
					setPointer(picked.pointer);
					if (picked.move !== undefined) handlers.onMove(picked.move);
					else if (picked.message) handlers.onMessage(picked.message, true);
					else if (picked.pointer.selected !== null) {
						const count = targetsFrom(game, state, picked.pointer.selected).size;
						handlers.onMessage(`${view.squareName(picked.pointer.selected)}: ${count} move${count === 1 ? '' : 's'} (Enter on a marked square; Esc puts it back)`, false);
					}
					return true;
				}
				default:
					return false;
			}
		},
		reset() {
			setTyping(null);
			setPointer(current => ({...current, selected: null}));
		},
	};
}
