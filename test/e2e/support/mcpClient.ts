import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export interface ListedTool {
	name: string;
	description?: string;
	inputSchema: {
		properties?: Record<string, { type?: string; description?: string }>;
		required?: string[];
	};
}

export interface CallResult {
	/** The text the client got (n8n answers with one text part). */
	text: string;
	isError: boolean;
}

/** An MCP client on a Streamable HTTP endpoint, as an AI application connects to n8n's MCP Server Trigger. */
export class McpClient {
	private constructor(private readonly client: Client) {}

	/**
	 * Connects, waiting while the endpoint answers 404: n8n answers the activation before it has
	 * registered all of the trigger's webhooks (GET came first, POST a moment later, on 2.41.1).
	 */
	static async connect(url: string, timeoutMs = 30_000): Promise<McpClient> {
		const started = Date.now();
		for (;;) {
			const client = new Client({ name: 'n8n-nodes-workforce-e2e', version: '1.0.0' });
			try {
				await client.connect(new StreamableHTTPClientTransport(new URL(url)));
				return new McpClient(client);
			} catch (error) {
				await client.close().catch(() => undefined);
				if (!/\b404\b/.test((error as Error).message) || Date.now() - started > timeoutMs)
					throw error;
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
		}
	}

	async listTools(): Promise<ListedTool[]> {
		return (await this.client.listTools()).tools as ListedTool[];
	}

	async callTool(name: string, args: Record<string, unknown>): Promise<CallResult> {
		const result = (await this.client.callTool({ name, arguments: args }, undefined, {
			timeout: 120_000,
		})) as { content?: Array<{ type: string; text?: string }>; isError?: boolean };
		const text = (result.content ?? []).map((c) => c.text ?? '').join('');
		return { text, isError: result.isError === true };
	}

	async close(): Promise<void> {
		await this.client.close();
	}
}
