/**
 * The workflow both trigger cases activate (single process and queue mode): the Workforce Trigger
 * on time registrations from `startDate`, polled every minute (unless told otherwise), into a No Op named "Received".
 */
export const TRIGGER = 'Workforce Trigger';

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
	const { name, idPrefix, credential, startDate, settings = {}, triggerOptions, pollTimes = { item: [{ mode: 'everyMinute' }] } } = options;
	return {
		name,
		nodes: [
			{
				id: `${idPrefix}1`,
				name: TRIGGER,
				type: 'n8n-nodes-workforce.workforceTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes, event: 'timeRegistration', startFrom: 'date', startDate, ...(triggerOptions ? { options: triggerOptions } : {}) },
				credentials: { workforceApi: { id: credential.id, name: credential.name } },
			},
			{ id: `${idPrefix}2`, name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} },
		],
		connections: { [TRIGGER]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		settings,
	};
}
