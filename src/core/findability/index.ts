/** Is it findable? (F17, issue 36): the questions of a page, and where the server ranks the page for each. Plain Node. */
export { anchorOf, answerOf, DEFAULT_TOP, describeAnswer } from './answer';
export type { Answer, Outranking } from './answer';
export { checkFindability, hitsToAsk, SEARCH_CONCURRENCY } from './check';
export type { FindabilityOptions, PageAnswers, PageQuestions } from './check';
export { bodyOf, defaultQuestions, frontMatterQuestions, parseQuestion } from './questions';
export type { Question, QuestionOrigin } from './questions';
export { QUESTIONS_FILE, readQuestionsFile } from './questionsFile';
export type { QuestionsFile } from './questionsFile';
export type { RankedDocument } from './answer';
export { checkWhenSearchable, SEARCHABLE_PAUSES_MS } from './whenSearchable';
export type { WaitOptions } from './whenSearchable';
