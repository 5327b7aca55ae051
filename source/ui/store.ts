/**
 * A screen's state: a pure reducer over typed actions, as ink-ui's use-select-state. What a key
 * does is decided from the state alone, so several keys in one input act one after another,
 * each on what the one before left — never on a render's copy of the state.
 *
 * The reducer also says what must be done outside (save a file, start a think, leave the
 * screen) as effects, data the screen performs. The store applies each action at once, in the
 * order they come, performs its effects before the next action, and only then lets React draw:
 * an effect that reports back (a file saved, or not) is in the state before the next key.
 */
import {useRef, useState, useSyncExternalStore} from 'react';

export interface Step<State, Effect> {
	readonly state: State;
	readonly effects: readonly Effect[];
}

/** The state, nothing to do. */
export const stay = <State>(state: State): Step<State, never> => ({state, effects: []});

/** The state and what to do. */
export const doing = <State, Effect>(state: State, ...effects: Effect[]): Step<State, Effect> => ({state, effects});

export type Reducer<State, Action, Effect> = (state: State, action: Action) => Step<State, Effect>;

export type Dispatch<Action> = (action: Action) => void;

export interface Store<State, Action> {
	readonly get: () => State;
	readonly dispatch: Dispatch<Action>;
	readonly subscribe: (listener: () => void) => () => void;
}

export function createStore<State, Action, Effect>(
	reduce: Reducer<State, Action, Effect>,
	initial: State,
	perform: (effect: Effect, dispatch: Dispatch<Action>) => void,
): Store<State, Action> {
	let state = initial;
	const queue: Action[] = [];
	let busy = false;
	const listeners = new Set<() => void>();
	const dispatch = (action: Action): void => {
		queue.push(action);
		// An effect that dispatches (a save reporting back) queues its action behind this one.
		if (busy) return;
		busy = true;
		const before = state;
		try {
			while (queue.length > 0) {
				const step = reduce(state, queue.shift()!);
				state = step.state;
				for (const effect of step.effects) perform(effect, dispatch);
			}
		} finally {
			busy = false;
			queue.length = 0;
		}
		if (state !== before) for (const listener of [...listeners]) listener();
	};
	return {
		get: () => state,
		dispatch,
		subscribe(listener) {
			listeners.add(listener);
			return () => void listeners.delete(listener);
		},
	};
}

/**
 * A component's store, made on its first render. `perform` is the component's own (it leaves
 * the screen, talks to the engine): the latest one given is used.
 */
export function useStore<State, Action, Effect>(
	reduce: Reducer<State, Action, Effect>,
	initial: () => State,
	perform: (effect: Effect, dispatch: Dispatch<Action>) => void,
): [State, Dispatch<Action>] {
	const performer = useRef(perform);
	performer.current = perform;
	const [store] = useState(() =>
		createStore(reduce, initial(), (effect: Effect, dispatch: Dispatch<Action>) => performer.current(effect, dispatch)),
	);
	const state = useSyncExternalStore(store.subscribe, store.get);
	return [state, store.dispatch];
}
