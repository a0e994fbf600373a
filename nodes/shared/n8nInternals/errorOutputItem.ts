import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/**
 * Relies on: with On Error "Continue (using error output)", n8n-core's WorkflowExecute
 * (`handleNodeErrorOutput`) sends an item to the error output when its json has `error` and no key
 * but `error`, `message` and `details`; an item carrying an error object instead has its json
 * replaced by `{ error: message }` (`normalizeNodeErrors`), losing the details a rerun reads. Not a
 * typed promise of n8n's node API. Proven on n8n-core 2.41.1 through the real engine
 * (test/nodes/shared/n8nInternals/errorOutputItem.test.ts; test/e2e/resumeAfterFailure.e2e.ts).
 */
export const errorOutputItem = (message: string, details: IDataObject, itemIndex: number) =>
	({ json: { error: message, details }, pairedItem: { item: itemIndex } }) as INodeExecutionData;
