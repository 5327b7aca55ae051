/**
 * The lessons' progress in a saves folder, as the lessons screen reads and writes it: the steps
 * passed in a game, and a step passed (its lesson finished with it). Each write reads the file
 * afresh first, so that two screens (two sessions of one name on a server) lose nothing of each
 * other's but a race within the same instant.
 */
import {finishLesson, loadLearning, passedSteps, passStep, saveLearning} from './store.js';

/** The steps passed in a game's lessons, and a note when the file had to be set aside. */
export function readPassedSteps(dir: string, gameId: string): {readonly passed: ReadonlySet<string>; readonly note: string | null} {
	const {data, note} = loadLearning(dir);
	return {passed: passedSteps(data, gameId), note};
}

/** Records a step passed (and its lesson, when that finished it); null, or why it could not be written. */
export function recordPassedStep(
	dir: string,
	gameId: string,
	stepId: string,
	lessonId: string,
	lessonDone: boolean,
	date = new Date(),
): string | null {
	const {data, note} = loadLearning(dir);
	const passed = passStep(data, gameId, stepId);
	const written = saveLearning(dir, lessonDone ? finishLesson(passed, gameId, lessonId, date) : passed);
	return written ?? note;
}
