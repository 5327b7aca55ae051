/**
 * What a game declares so that potm can teach it (`potm learn`) and set puzzles in it (`potm
 * puzzles`): its lessons, as data, and the themes its puzzles are sorted by. Both live in the
 * game's own folder; the lesson runner (learn/lesson.ts), the puzzle builder (learn/build.ts) and
 * the screens read them through the game contract only.
 */

/**
 * One step of a lesson: a position, a task on it, the moves that pass. A person passes the step
 * by playing one of `pass` on the board; any other legal move is answered with `wrong`, an
 * illegal one with the rules engine's own reason.
 */
export interface LessonStep {
	/** A name for the step, unique in its game's book: what progress records and tests cite. */
	readonly id: string;
	/** The position, in the game's own POTM file format (as the game's `parse` reads it). */
	readonly position: string;
	/**
	 * The game the position is played under when it is not the book's own: a ruling of the same
	 * game (classic LOA's mover-wins step is played under `loa-mover`).
	 */
	readonly ruling?: string;
	/** The task, in one or two sentences: "Move the piece on b1 so that it captures." */
	readonly task: string;
	/** The moves that pass, as the game writes them (formatMove): at least one. */
	readonly pass: readonly string[];
	/** What a legal move that fails the task is told: "Legal, but it does not capture." */
	readonly wrong: string;
	/** Shown after two misses: where to look, without giving the move away. */
	readonly hint: string;
	/** Said once the step is passed: what the move showed. */
	readonly after: string;
	/** The sections of the game's rules page this step teaches ("§2"); at least one. */
	readonly teaches: readonly string[];
}

/** A lesson: a few steps on one subject. */
export interface Lesson {
	/** Stable across versions: progress is kept under it. */
	readonly id: string;
	readonly title: string;
	readonly steps: readonly LessonStep[];
}

/** A game's lessons, and the page of docs/ whose rulings they teach. */
export interface LessonBook {
	/** The game's rules page, from the repository's root: "docs/loaps.md". */
	readonly page: string;
	/**
	 * Sections of that page that are not rules of play (the file format, counting moves), each
	 * with why no step teaches it. Every other section is taught by at least one step.
	 */
	readonly notRulings: Readonly<Record<string, string>>;
	readonly lessons: readonly Lesson[];
	/**
	 * The rules in a few lines, shown when the last lesson is done (and on the lessons' list with
	 * r): what a player keeps in mind, each line a sentence or two.
	 */
	readonly summary: readonly string[];
}

/** The themes a game's puzzles are sorted by: an id (as puzzle files and `--theme` write it) and what it means. */
export interface PuzzleTheme {
	readonly id: string;
	/** A few words for the menu: "Connect in 2". */
	readonly name: string;
	/** One sentence for the puzzle screen and docs/learn.md. */
	readonly description: string;
}

/** What the puzzle builder knows of a proved puzzle when it asks the game for its themes. */
export interface PuzzleFacts<State> {
	/** The position the solver is to move in. */
	readonly start: State;
	/** The solution: the solver's moves and the forced replies between them, the solver's first. */
	readonly solution: readonly number[];
	/** The positions along it: start, then after each move of the solution. */
	readonly line: readonly State[];
	/** How the solution ends: a game won (the end is on the board), or an advantage kept. */
	readonly ends: 'win' | 'advantage';
}

/** A game's puzzle themes, and which of them a puzzle has. */
export interface PuzzleThemes<State> {
	readonly themes: readonly PuzzleTheme[];
	/** The ids of the themes a proved puzzle has (at least one). */
	classify(facts: PuzzleFacts<State>): readonly string[];
}
