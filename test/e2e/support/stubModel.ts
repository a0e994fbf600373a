import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted language model for end-to-end tests: an OpenAI-compatible Chat Completions endpoint
 * (`POST /v1/chat/completions`, plain JSON or streamed) on loopback whose answers come from a
 * plan, not a model. n8n's OpenAI chat model node reaches it through an OpenAI credential whose
 * Base URL points here. Every request is kept, so a test can read what n8n sent the model
 * (the tools it offered, the tool results it passed back).
 */

export interface ChatMessage {
	role: string;
	content?: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: Array<{
		type: string;
		function: {
			name: string;
			description?: string;
			parameters?: { properties?: Record<string, unknown> };
		};
	}>;
	stream?: boolean;
}

/** What the model answers on one turn: tool calls, or its final text. */
export type ModelTurn =
	| { toolCalls: Array<{ name: string; args: Record<string, unknown> }> }
	| { text: string };

/** The plan: the answer to the `turn`-th request (0-based), given the request. */
export type ModelPlan = (request: ChatRequest, turn: number) => ModelTurn;

export class StubModel {
	readonly requests: ChatRequest[] = [];
	private server?: Server;
	private calls = 0;

	constructor(private readonly plan: ModelPlan) {}

	/** Listens on 127.0.0.1 and answers the base URL to give the OpenAI credential. */
	async start(): Promise<string> {
		const server = createServer((req, res) => void this.handle(req, res));
		this.server = server;
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
	}

	async stop(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
	}

	/** Text of a message (string content or text parts). */
	static text(message: ChatMessage): string {
		if (typeof message.content === 'string') return message.content;
		return (message.content ?? []).map((part) => part.text ?? '').join('');
	}

	/** The tool results n8n passed back in a request, in order. */
	static toolResults(request: ChatRequest): string[] {
		return request.messages.filter((m) => m.role === 'tool').map((m) => StubModel.text(m));
	}

	private async handle(req: IncomingMessage, res: ServerResponse) {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
			res.writeHead(404, { 'content-type': 'application/json' }).end(
				JSON.stringify({
					error: {
						message: `The stub model answers POST /v1/chat/completions only, not ${req.method} ${req.url}`,
					},
				}),
			);
			return;
		}
		let request: ChatRequest;
		let turn: ModelTurn;
		try {
			request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
			this.requests.push(request);
			turn = this.plan(request, this.calls++);
		} catch (error) {
			res
				.writeHead(500, { 'content-type': 'application/json' })
				.end(JSON.stringify({ error: { message: `Stub model: ${(error as Error).message}` } }));
			return;
		}
		const id = `chatcmpl-stub-${this.calls}`;
		const toolCalls =
			'toolCalls' in turn
				? turn.toolCalls.map((c, index) => ({
						index,
						id: `call_${this.calls}_${index}`,
						type: 'function',
						function: { name: c.name, arguments: JSON.stringify(c.args) },
					}))
				: undefined;
		const content = 'text' in turn ? turn.text : null;
		const finish = toolCalls ? 'tool_calls' : 'stop';
		const usage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };
		if (request.stream) {
			res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
			const chunk = (delta: object, finishReason: string | null) =>
				`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: request.model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
			res.write(
				chunk(
					{
						role: 'assistant',
						...(content !== null ? { content } : {}),
						...(toolCalls ? { tool_calls: toolCalls } : {}),
					},
					null,
				),
			);
			res.write(chunk({}, finish));
			res.end('data: [DONE]\n\n');
			return;
		}
		const message = {
			role: 'assistant',
			content,
			...(toolCalls ? { tool_calls: toolCalls.map(({ index: _index, ...call }) => call) } : {}),
		};
		res.writeHead(200, { 'content-type': 'application/json' }).end(
			JSON.stringify({
				id,
				object: 'chat.completion',
				created: 0,
				model: request.model,
				choices: [{ index: 0, message, finish_reason: finish }],
				usage,
			}),
		);
	}
}
