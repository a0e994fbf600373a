import type {
	EngineResponse,
	IExecuteFunctions,
	INodeType,
	INodeTypeDescription,
	NodeOutput,
} from 'n8n-workflow';

/** A node's `execute`, as n8n assigns and calls it. */
export type ExecuteFunction = (
	this: IExecuteFunctions,
	response?: EngineResponse,
) => Promise<NodeOutput>;

/**
 * Relies on: n8n's loader (the cli package's NodeTypes, `shouldAssignExecuteMethod` in its
 * utils) assigns a declarative node (`requestDefaults`, no `execute`, `poll` or `trigger`) an
 * `execute` that runs its routing, and the tool object n8n makes of a `usableAsTool` node calls
 * that `execute` directly, without looking at `customOperations` as the workflow engine does.
 * Whether and when the loader assigns it differs between n8n versions, so the node keeps no
 * `execute` of its own: this accessor catches the one assigned and the subclass wraps it.
 * Proven on n8n 2.41.1 (test/e2e/assignedExecute.e2e.ts, tool mode in the e2e suite); on 2.3.6
 * and 1.123.81 the smoke suite passes with it (tool mode refused there).
 */
export abstract class CatchesAssignedExecute implements INodeType {
	abstract description: INodeTypeDescription;

	/** What the node runs instead of the `execute` n8n assigned (`routing`). */
	protected abstract wrapAssignedExecute(routing: ExecuteFunction): ExecuteFunction;

	private wrappedExecute?: ExecuteFunction;

	get execute(): ExecuteFunction | undefined {
		return this.wrappedExecute;
	}

	set execute(routing: ExecuteFunction | undefined) {
		this.wrappedExecute = routing && this.wrapAssignedExecute(routing);
	}
}
