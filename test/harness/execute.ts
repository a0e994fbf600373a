import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { BinaryDataService, ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	LoggerProxy,
	setGlobalState,
	Workflow,
	type ExecutionError,
	type IDataObject,
	type INode,
	type INodeType,
	type INodeExecutionData,
	type INodeParameters,
	type IRun,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { TestCredentialsHelper } from './credentialsHelper';
import { PackageNodeTypes, PACKAGE } from './nodeTypes';

export const CREDENTIAL_ID = 'workforce-test-credential';

export interface ExecuteOptions {
	/** Node parameters as the editor stores them. */
	parameters: Record<string, unknown>;
	/** Input items; one empty item when omitted (as after a Manual Trigger). */
	items?: INodeExecutionData[];
	credentials: TestCredentialsHelper;
	continueOnFail?: boolean;
	nodeType?: string;
	/** Node settings such as retryOnFail. */
	settings?: Partial<INode>;
	/** Test-only node types, by type name. */
	extraNodeTypes?: Record<string, INodeType>;
	/**
	 * The execution's id (default: one of its own per run): a test that deletes an execution's
	 * binary data names the execution.
	 */
	executionId?: string;
	/**
	 * The workflow's Timezone setting (`settings.timezone`); without it n8n's `getTimezone()` gives
	 * the instance's, INSTANCE_TIMEZONE here.
	 */
	timezone?: string;
}

export interface ExecuteResult {
	/** Items of the node's first output. */
	items: INodeExecutionData[];
	/** Items of its error output (On Error: Continue (using error output), `settings: { onError: 'continueErrorOutput' }`). */
	errorItems: INodeExecutionData[];
	/** The node's error when it failed (and Continue On Fail was off). */
	error?: ExecutionError;
	run: IRun;
	hints: Array<{ message: string; type?: string }>;
	/** The workflow's static data after the run (what a poll node kept). */
	staticData: IDataObject;
}

let binaryReady: Promise<void> | undefined;
/** Runs so far in this process: each gets an execution id of its own. */
let runs = 0;

/** Everything n8n logged during the tests (checked for secrets), instead of printing it. */
export const capturedLogs: string[] = [];
const capture = (level: string) => (message: string, meta?: object) => {
	capturedLogs.push(`${level} ${message}${meta ? ` ${safeJson(meta)}` : ''}`);
};
const captureLogger = {
	error: capture('error'),
	warn: capture('warn'),
	info: capture('info'),
	debug: capture('debug'),
	verbose: capture('verbose'),
	scoped: () => captureLogger,
};
LoggerProxy.init(captureLogger as never);
// n8n-core's error reporter logs node errors through the DI logger.
Container.set(Logger, captureLogger as unknown as Logger);

function safeJson(value: unknown): string {
	try {
		return JSON.stringify(value);
	} catch {
		return String(value);
	}
}

/**
 * The instance's time zone (n8n sets it from GENERIC_TIMEZONE at start): UTC, as the e2e suite's
 * n8n. n8n-workflow's own fallback, America/New_York, would be a zone no test chose.
 */
export const INSTANCE_TIMEZONE = 'UTC';
setGlobalState({ defaultTimezone: INSTANCE_TIMEZONE });

/** n8n keeps binary data in memory by default; the service must be initialised once per process. */
async function ensureBinaryData() {
	binaryReady ??= Container.get(BinaryDataService).init();
	await binaryReady;
}

/** Runs one node of this package through n8n-core's WorkflowExecute, as n8n runs it. */
export async function executeNode(options: ExecuteOptions): Promise<ExecuteResult> {
	await ensureBinaryData();
	const nodeTypes = new PackageNodeTypes(options.extraNodeTypes);
	const node: INode = {
		id: 'node-under-test',
		name: 'Workforce',
		type: options.nodeType ?? `${PACKAGE}.workforce`,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters as INodeParameters,
		credentials: { workforceApi: { id: CREDENTIAL_ID, name: 'Workforce account' } },
		continueOnFail: options.continueOnFail,
		...(options.settings ?? {}),
	};
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: false,
		settings: {
			executionOrder: 'v1',
			...(options.timezone === undefined ? {} : { timezone: options.timezone }),
		},
	});

	// Each run is its own execution, as in n8n: its binary data has a folder no other run (or
	// jest worker) writes to or deletes. Two workers sharing one execution folder lost a file
	// n8n's store was writing (ENOENT at its stat of the temp file, twice in a 100,000-record
	// File run under load 16-18).
	const executionId = options.executionId ?? `test-execution-${process.pid}-${++runs}`;
	const hooks = new ExecutionLifecycleHooks('manual', executionId, {
		id: 'test-workflow',
		name: 'test',
		nodes: [node],
		connections: {},
		active: false,
		settings: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
		activeVersionId: null,
	} as never);
	let finished!: (run: IRun) => void;
	const done = new Promise<IRun>((resolve) => (finished = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finished(run));

	const additionalData = {
		...makeAdditionalData(options.credentials, hooks),
		executionId,
	};
	const items = options.items ?? [{ json: {} }];
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] },
	});

	const execute = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	await execute.processRunExecutionData(workflow);
	const run = await done;
	const taskData = run.data.resultData.runData[node.name]?.[0];
	return {
		items: (taskData?.data?.main?.[0] ?? []) as INodeExecutionData[],
		errorItems: (node.onError === 'continueErrorOutput'
			? (taskData?.data?.main?.[1] ?? [])
			: []) as INodeExecutionData[],
		error: run.data.resultData.error ?? taskData?.error,
		run,
		hints: (taskData?.hints ?? []) as Array<{ message: string; type?: string }>,
		staticData: JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject,
	};
}

export function makeAdditionalData(
	credentialsHelper: TestCredentialsHelper,
	hooks?: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	const base = {
		credentialsHelper,
		hooks,
		executionId: 'test-execution',
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		userId: 'test-user',
		variables: {},
		setExecutionStatus: () => undefined,
		sendDataToUI: () => undefined,
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not used in these tests');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => undefined,
		startRunnerTask: async () => {
			throw new Error('Code runners are not used in these tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
	return base;
}

/** JSON of the output items, for compact assertions. */
export function jsonOf(result: ExecuteResult): IDataObject[] {
	return result.items.map((i) => i.json);
}

/** The json of the one item a run output, after checking it ran without an error. */
export function onlyItem(result: ExecuteResult): IDataObject {
	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(1);
	return result.items[0].json;
}
