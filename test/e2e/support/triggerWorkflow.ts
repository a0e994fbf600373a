/**
 * The workflow both trigger cases activate (single process and queue mode): the Workforce Trigger
 * on time registrations from `startDate`, polled every minute (unless told otherwise), into a No Op named "Received".
 */
export const TRIGGER = 'Workforce Trigger';

/**
 * Poll Times for a case or benchmark that polls only when it says (the activation's poll, then
 * forced ones): n8n does not keep two occurrences of one poll job from running at once, so a
 * scheduled poll overlapping a forced one would emit the same changes twice. Once a year never
 * falls inside a run.
 */
export const POLL_ONLY_WHEN_ASKED = { item: [{ mode: 'custom', cronExpression: '0 0 1 1 *' }] };

export function timeRegistrationTriggerWorkflow(options: {
	name: string;
	/** Node ids differ per file so that two workflows never share one. */
	idPrefix: string;
	credential: { id: string; name: string };
	startDate: string;
	settings?: Record<string, unknown>;
	/** The trigger's Options (e.g. `{ maxChangesPerPoll: 10000 }`). */
	triggerOptions?: Record<string, unknown>;
	/** n8n's Poll Times (default every minute). */
	pollTimes?: Record<string, unknown>;
}): Record<string, unknown> {
	const {
		name,
		idPrefix,
		credential,
		startDate,
		settings = {},
		triggerOptions,
		pollTimes = { item: [{ mode: 'everyMinute' }] },
	} = options;
	return {
		name,
		nodes: [
			{
				id: `${idPrefix}1`,
				name: TRIGGER,
				type: 'n8n-nodes-workforce.workforceTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes,
					event: 'timeRegistration',
					startFrom: 'date',
					startDate,
					...(triggerOptions ? { options: triggerOptions } : {}),
				},
				credentials: { workforceApi: { id: credential.id, name: credential.name } },
			},
			{
				id: `${idPrefix}2`,
				name: 'Received',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [240, 0],
				parameters: {},
			},
		],
		connections: { [TRIGGER]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		settings,
	};
}
