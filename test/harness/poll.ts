import { AsyncLocalStorage } from 'node:async_hooks';

import { Container } from '@n8n/di';
import {
	ExecutionLifecycleHooks,
	PollContext,
	PollTriggerExecutor,
	WorkflowExecute,
} from 'n8n-core';
import {
	createRunExecutionData,
	Workflow,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type IRun,
} from 'n8n-workflow';

import type { TestCredentialsHelper } from './credentialsHelper';
import { CREDENTIAL_ID, makeAdditionalData } from './execute';
import { PACKAGE, PackageNodeTypes } from './nodeTypes';

/**
 * Runs a poll node the way an activated workflow in n8n 2.41 runs it: n8n-core's
 * PollTriggerExecutor drives each tick through a PollContext, and what the poll emits starts a
 * real execution (WorkflowExecute in 'trigger' mode). The two ways n8n stores a poll node's state
 * are modelled on n8n's TriggerExecutionContextFactory:
 *
 * - `durable`: the poll sees a staged copy of the stored cursor (inside `__runPoll`); the cursor
 *   is committed together with the execution it emitted, or alone (`__commitCursor`) when the
 *   poll emitted nothing; a failed poll commits nothing.
 * - `staticData`: the poll mutates the workflow's static data in memory; n8n saves it to the
 *   database when the poll emits. `restart()` reloads what was saved, as after an n8n restart.
 */
export type CursorMode = 'durable' | 'staticData';

export interface PollHarnessOptions {
	credentials: TestCredentialsHelper;
	parameters: INodeParameters;
	cursorMode?: CursorMode;
	/** What getPollBudgetMs() answers (n8n's default is 5 minutes). */
	budgetMs?: number;
	/** Keep every execution's items in `executions` (default true); a benchmark of a million changes keeps none. */
	keepExecutions?: boolean;
	/** The node's version as saved in the workflow (default 1.1; version 2's changes are tested with 2). */
	typeVersion?: number;
	/** The workflow's Timezone setting (`settings.timezone`); the instance's (UTC) without it. */
	timezone?: string;
}

export interface Tick {
	/** Items of the execution this tick started (empty when it emitted nothing). */
	items: INodeExecutionData[];
	emitted: boolean;
	/** The error the poll reported (n8n records a failed execution and runs the error workflow). */
	error?: Error;
}

export const TRIGGER_TYPE = `${PACKAGE}.workforceTrigger`;

export class PollHarness {
	readonly node: INode;
	readonly cursorMode: CursorMode;
	/** Durable mode: the stored cursor row. */
	storedCursor: IDataObject | undefined;
	/** Static-data mode: the workflow's static data as last saved to the database. */
	savedStaticData: IDataObject = {};
	/** Every execution the trigger started, in order. */
	readonly executions: INodeExecutionData[][] = [];
	readonly errors: Error[] = [];
	/** Set to make the next commit of cursor + execution fail (the database transaction rolls back). */
	failNextCommit = false;
	private workflow!: Workflow;
	private readonly executor: PollTriggerExecutor;

	constructor(private readonly options: PollHarnessOptions) {
		this.cursorMode = options.cursorMode ?? 'durable';
		this.node = {
			id: 'trigger-under-test',
			name: 'Workforce Trigger',
			type: TRIGGER_TYPE,
			typeVersion: options.typeVersion ?? 1.1,
			position: [0, 0],
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...options.parameters },
			credentials: { workforceApi: { id: CREDENTIAL_ID, name: 'Workforce account' } },
		};
		this.executor = Container.get(PollTriggerExecutor);
		this.load();
	}

	/** The state the trigger keeps (the cursor n8n would poll with next). */
	get state(): IDataObject {
		if (this.cursorMode === 'durable') return this.storedCursor ?? {};
		return this.workflow.getStaticData('node', this.node);
	}

	/** The poll n8n runs when the workflow is activated (errors fail the activation). */
	async activate(): Promise<Tick> {
		return await this.run(true);
	}

	/** One scheduled poll. */
	async tick(): Promise<Tick> {
		return await this.run(false);
	}

	/** n8n restarted: the workflow is rebuilt from what was stored. */
	restart() {
		this.load();
	}

	private load() {
		this.workflow = new Workflow({
			id: 'poll-test-workflow',
			name: 'poll test',
			nodes: [this.node],
			connections: {},
			nodeTypes: new PackageNodeTypes(),
			active: true,
			staticData: JSON.parse(JSON.stringify(this.savedStaticData)) as IDataObject,
			settings: {
				executionOrder: 'v1',
				...(this.options.timezone === undefined ? {} : { timezone: this.options.timezone }),
			},
		});
	}

	private async run(testingTrigger: boolean): Promise<Tick> {
		const emitted: Array<Promise<INodeExecutionData[]>> = [];
		let error: Error | undefined;
		const staged = new AsyncLocalStorage<{ snapshot: IDataObject; seed: string }>();
		const durable = this.cursorMode === 'durable';
		const additionalData = makeAdditionalData(
			this.options.credentials,
			new ExecutionLifecycleHooks('trigger', 'poll', {} as never),
		);

		const takeStagedCursor = (): IDataObject | null => {
			const store = staged.getStore();
			if (!store || JSON.stringify(store.snapshot) === store.seed) return null;
			store.seed = JSON.stringify(store.snapshot);
			return JSON.parse(store.seed) as IDataObject;
		};
		const __runPoll = async <T>(poll: () => Promise<T>): Promise<T> => {
			if (!durable) return await poll();
			// getOrCreateCursor: the first poll seeds the row from the workflow's static data.
			this.storedCursor ??= JSON.parse(
				JSON.stringify(this.workflow.getStaticData('node', this.node)),
			) as IDataObject;
			const seed = JSON.stringify(this.storedCursor);
			return await staged.run({ snapshot: JSON.parse(seed) as IDataObject, seed }, poll);
		};
		const resolveNodeStaticData = () => {
			if (!durable) return this.workflow.getStaticData('node', this.node);
			const store = staged.getStore();
			if (!store)
				throw new Error(
					'Poll node read its static data outside of a poll; __runPoll was not entered',
				);
			return store.snapshot;
		};
		const __emit = (data: INodeExecutionData[][]) => {
			const cursor = durable ? takeStagedCursor() : null;
			if (!durable)
				this.savedStaticData = JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
			emitted.push(
				this.execute(data).then((items) => {
					// commitWithExecution: cursor and execution in one transaction.
					if (this.failNextCommit) {
						this.failNextCommit = false;
						throw new Error(
							'The database transaction that stores the execution and the cursor failed',
						);
					}
					if (cursor) this.storedCursor = cursor;
					if (this.options.keepExecutions !== false) this.executions.push(items);
					return items;
				}),
			);
		};
		const __commitCursor = async () => {
			const cursor = takeStagedCursor();
			if (cursor) this.storedCursor = cursor;
		};
		const __emitError = (e: Error) => {
			error = e;
			this.errors.push(e);
		};
		const context = new PollContext(
			this.workflow,
			this.node,
			additionalData,
			'trigger',
			testingTrigger ? 'activate' : 'update',
			__emit,
			__emitError,
			__commitCursor,
			__runPoll,
			resolveNodeStaticData,
			this.options.budgetMs !== undefined ? () => this.options.budgetMs as number : undefined,
		);
		const executePoll = this.executor.create(this.workflow, this.node, context, () => true);
		try {
			await executePoll(testingTrigger);
		} catch (e) {
			// Activation: the error fails the activation.
			error = e as Error;
		}
		let items: INodeExecutionData[] = [];
		for (const p of emitted) {
			try {
				items = items.concat(await p);
			} catch (e) {
				error ??= e as Error;
			}
		}
		return { items, emitted: emitted.length > 0, error };
	}

	/** The execution n8n starts with the emitted items: the trigger node hands them on. */
	private async execute(data: INodeExecutionData[][]): Promise<INodeExecutionData[]> {
		const hooks = new ExecutionLifecycleHooks('trigger', 'poll-execution', {} as never);
		let finished!: (run: IRun) => void;
		const done = new Promise<IRun>((resolve) => (finished = resolve));
		hooks.addHandler('workflowExecuteAfter', (run) => finished(run));
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node: this.node, data: { main: data }, source: null }],
			},
		});
		const execute = new WorkflowExecute(
			makeAdditionalData(this.options.credentials, hooks),
			'trigger',
			runExecutionData,
		);
		await execute.processRunExecutionData(this.workflow);
		const run = await done;
		const task = run.data.resultData.runData[this.node.name]?.[0];
		if (task?.error) throw task.error;
		return (task?.data?.main?.[0] ?? []) as INodeExecutionData[];
	}
}
