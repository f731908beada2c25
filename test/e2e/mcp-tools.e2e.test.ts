/**
 * numero as tools an AI assistant uses, proven with a real MCP client: the workflow of
 * examples/numero-mcp-server.json (n8n's MCP Server Trigger and Numero Tool nodes), plus the two
 * tools the example leaves out on purpose (Link → Revoke and Issue → Publish by URL), imported and
 * published in a real n8n (regular mode) next to a numero sandbox. The official MCP TypeScript SDK
 * client plays the assistant: it lists the tools, checks their names, descriptions and input
 * schemas, calls each, and the results are checked against the sandbox's state.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { TOOL_DESCRIPTIONS } from '../../nodes/Numero/actions/tool-descriptions';
import { samplePdf } from '../../sandbox/reader/sample-files';
import { startN8nEnvironment, type N8nEnvironment } from '../../scripts/e2e/n8n-environment';
import {
	startNewsletterStandIn,
	type NewsletterStandIn,
} from '../../scripts/e2e/newsletter-stand-in';
import { SandboxAdmin } from '../../scripts/e2e/sandbox-admin';
import { waitFor } from './support/wait-for';
import {
	NUMERO_API_CREDENTIAL,
	type WorkflowJson,
	type WorkflowNodeJson,
} from '../../scripts/e2e/workflows';

const EXAMPLE = path.join(__dirname, '../../examples/numero-mcp-server.json');
const WORKFLOW_ID = 'numeroMcpTools01';
const TRIGGER = 'numero MCP Server';
const PDF = samplePdf('Numéro publié par un assistant', 3);

/** The example workflow with the sandbox's credential, plus Revoke and Publish by URL. */
function mcpWorkflow(): WorkflowJson {
	const example = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as Omit<WorkflowJson, 'id'>;
	const extra: WorkflowNodeJson[] = [
		{
			id: '6c1f0a52-3d7e-4b8a-9f10-000000000101',
			name: 'revoke_subscriber_links',
			type: 'n8n-nodes-numero.numeroTool',
			typeVersion: 1,
			position: [800, 240],
			parameters: {
				resource: 'link',
				operation: 'revoke',
				reference:
					"={{ $fromAI('subscriber_reference', `The publisher's own id of the subscriber: 1 to 80 letters, digits and _ . : @ + - (no spaces).`, 'string') }}",
			},
		},
		{
			id: '6c1f0a52-3d7e-4b8a-9f10-000000000102',
			name: 'publish_issue',
			type: 'n8n-nodes-numero.numeroTool',
			typeVersion: 1,
			position: [1000, 240],
			parameters: {
				resource: 'issue',
				operation: 'publish',
				pdfSource: 'url',
				pdfUrl:
					"={{ $fromAI('pdf_url', `The https address of the PDF to publish, a direct link reachable without signing in.`, 'string') }}",
				title:
					"={{ $fromAI('title', `The title of the issue, at most 200 characters.`, 'string') }}",
				periodicalMode: 'existing',
				periodical: 'gazette',
				additionalFields: {},
				options: {},
			},
		},
	];
	const nodes = [...example.nodes, ...extra].map((node) =>
		node.type === 'n8n-nodes-numero.numeroTool'
			? { ...node, credentials: { numeroApi: NUMERO_API_CREDENTIAL } }
			: node,
	);
	const connections = { ...example.connections };
	for (const node of extra)
		connections[node.name] = { ai_tool: [[{ node: TRIGGER, type: 'ai_tool', index: 0 }]] };
	return { ...example, id: WORKFLOW_ID, nodes, connections };
}

interface ToolResult {
	isError?: boolean;
	content: Array<{ type: string; text?: string }>;
}

function textOf(result: unknown): string {
	const { content } = result as ToolResult;
	expect(content).toHaveLength(1);
	expect(content[0]!.type).toBe('text');
	return content[0]!.text!;
}

/** A successful tool call's answer: n8n sends the tool's output items as a JSON array. */
function jsonOf(result: unknown): Array<Record<string, unknown>> {
	expect((result as ToolResult).isError).toBeFalsy();
	return JSON.parse(textOf(result)) as Array<Record<string, unknown>>;
}

/** A refused tool call's answer: one sentence for the model, no stack, no n8n internals. */
function errorOf(result: unknown): string {
	expect((result as ToolResult).isError).toBe(true);
	const text = textOf(result);
	expect(text).not.toMatch(/\n\s+at /);
	expect(text).not.toMatch(/node_modules|\.js:\d+/);
	return text;
}

describe('numero tools over MCP (n8n MCP Server Trigger, official MCP client)', () => {
	let env: N8nEnvironment;
	let newsletter: NewsletterStandIn;
	let pdfServer: http.Server;
	let pdfUrl: string;
	let admin: SandboxAdmin;
	let client: Client;

	beforeAll(async () => {
		pdfServer = http.createServer((request, response) => {
			if (request.url === '/files/assistant-issue.pdf') {
				response.writeHead(200, {
					'content-type': 'application/pdf',
					'content-length': PDF.length,
				});
				response.end(PDF);
				return;
			}
			response.writeHead(404).end();
		});
		await new Promise<void>((resolve) => pdfServer.listen(0, '127.0.0.1', resolve));
		pdfUrl = `http://127.0.0.1:${(pdfServer.address() as AddressInfo).port}/files/assistant-issue.pdf`;
		newsletter = await startNewsletterStandIn();
		env = await startN8nEnvironment({
			sandbox: { rateLimit: 0 },
			newsletterUrl: newsletter.url,
			extraWorkflows: () => ({ workflows: [mcpWorkflow()] }),
		});
		admin = new SandboxAdmin(env.sandbox);
		// n8n lists a published workflow as active before its webhooks are registered (it activates
		// them in the background after start): until then its MCP endpoint answers 404, as a user who
		// connects right after starting n8n sees.
		const endpoint = `${env.n8n.url}/mcp/numero`;
		await waitFor('the MCP Server Trigger to be registered', async () => {
			// Registered, it answers GET with its event stream: the status is enough, the stream is closed.
			const response = await fetch(endpoint, { signal: AbortSignal.timeout(10_000) });
			await response.body?.cancel();
			return response.status === 404 ? undefined : true;
		});
		client = new Client({ name: 'numero-e2e-assistant', version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
	});

	afterAll(async () => {
		await client?.close();
		await env?.stop();
		await newsletter?.close();
		await new Promise((resolve) => pdfServer?.close(resolve));
	});

	test('lists the six tools with their descriptions for models and input schemas', async () => {
		const { tools } = await client.listTools();
		const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
		expect(Object.keys(byName).sort()).toEqual([
			'create_reading_link',
			'find_issues',
			'get_issue',
			'issue_statistics',
			'publish_issue',
			'revoke_subscriber_links',
		]);
		expect(byName.find_issues!.description).toBe(TOOL_DESCRIPTIONS.issue!.getMany);
		expect(byName.get_issue!.description).toBe(TOOL_DESCRIPTIONS.issue!.get);
		expect(byName.create_reading_link!.description).toBe(TOOL_DESCRIPTIONS.link!.create);
		expect(byName.issue_statistics!.description).toBe(TOOL_DESCRIPTIONS.statistics!.get);
		expect(byName.publish_issue!.description).toBe(TOOL_DESCRIPTIONS.issue!.publish);
		expect(byName.revoke_subscriber_links!.description).toBe(TOOL_DESCRIPTIONS.link!.revoke);
		expect(byName.revoke_subscriber_links!.description).toMatch(/^IRREVERSIBLE/);

		const link = byName.create_reading_link!.inputSchema as {
			properties: Record<string, { type: string; description: string }>;
			required: string[];
		};
		expect(Object.keys(link.properties).sort()).toEqual([
			'days',
			'issue_id',
			'subscriber_reference',
		]);
		expect(link.required.sort()).toEqual(['days', 'issue_id', 'subscriber_reference']);
		expect(link.properties.issue_id).toEqual({
			type: 'string',
			description: expect.stringMatching(/domain:address.*find_issues first/),
		});
		expect(link.properties.days).toEqual({
			type: 'number',
			description: expect.stringContaining('1 to 365'),
		});
		expect(link.properties.subscriber_reference!.description).toContain(
			'1 to 80 letters, digits and _ . : @ + -',
		);
		const find = byName.find_issues!.inputSchema as {
			properties: Record<string, { type: string }>;
		};
		expect(find.properties).toEqual({
			max_issues: expect.objectContaining({ type: 'number' }),
			full_output: expect.objectContaining({ type: 'boolean' }),
		});
		const publish = byName.publish_issue!.inputSchema as { properties: Record<string, unknown> };
		expect(Object.keys(publish.properties).sort()).toEqual(['pdf_url', 'title']);
	});

	test('find, get, link, statistics, publish by URL and revoke, checked in the sandbox', async () => {
		const before = await admin.state();
		expect(before.issues.length).toBeGreaterThan(2);

		// Get Many: compact by default, at most what was asked for, the sandbox's issues.
		const compact = jsonOf(
			await client.callTool({
				name: 'find_issues',
				arguments: { max_issues: 2, full_output: false },
			}),
		);
		expect(compact).toHaveLength(2);
		for (const issue of compact) {
			expect(
				Object.keys(issue).every((key) =>
					['id', 'titre', 'publication', 'date', 'statut', 'page_publique'].includes(key),
				),
			).toBe(true);
			expect(before.issues.map((known) => known.id)).toContain(issue.id);
		}
		const full = jsonOf(
			await client.callTool({
				name: 'find_issues',
				arguments: { max_issues: 1, full_output: true },
			}),
		);
		expect(full).toHaveLength(1);
		expect(full[0]).toEqual(
			expect.objectContaining({
				id: compact[0]!.id,
				acces: expect.any(String),
				publication: expect.any(Object),
			}),
		);

		const issueId = compact[0]!.id as string;
		const known = before.issues.find((issue) => issue.id === issueId)!;
		const [issue] = jsonOf(
			await client.callTool({ name: 'get_issue', arguments: { issue_id: issueId } }),
		);
		expect(issue).toEqual(expect.objectContaining({ id: issueId, titre: known.titre }));

		// Link → Create: one new live link for that issue in the sandbox, valid the days asked for.
		const [link] = jsonOf(
			await client.callTool({
				name: 'create_reading_link',
				arguments: { issue_id: issueId, subscriber_reference: 'sub_mcp_42', days: 7 },
			}),
		);
		expect(link!.url).toEqual(expect.stringMatching(/^https?:\/\//));
		const days = (Date.parse(link!.expire_le as string) - Date.now()) / 86_400_000;
		expect(days).toBeGreaterThan(6.9);
		expect(days).toBeLessThan(7.1);
		const afterLink = await admin.state();
		const created = afterLink.links.filter(
			(candidate) => !before.links.some((old) => old.id === candidate.id),
		);
		expect(created).toEqual([
			expect.objectContaining({ issueId, revoked: false, fingerprint: expect.any(String) }),
		]);

		// Statistics → Get (the example's tool returns the totals).
		const [statistics] = jsonOf(
			await client.callTool({ name: 'issue_statistics', arguments: { issue_id: issueId } }),
		);
		expect(statistics).toEqual(
			expect.objectContaining({ id: issueId, lectures: expect.any(Number) }),
		);

		// Issue → Publish by URL: the PDF served on loopback is the new issue's file, byte for byte.
		const [published] = jsonOf(
			await client.callTool({
				name: 'publish_issue',
				arguments: { pdf_url: pdfUrl, title: 'Numéro publié par un assistant' },
			}),
		);
		const newIssueId = (published!.numero as { id: string }).id;
		const afterPublish = await admin.state();
		const stored = afterPublish.issues.find((candidate) => candidate.id === newIssueId);
		expect(stored).toEqual(
			expect.objectContaining({
				titre: 'Numéro publié par un assistant',
				publication: expect.objectContaining({ code: 'gazette' }),
				sha256: createHash('sha256').update(PDF).digest('hex'),
				taille: PDF.length,
				nom_fichier: 'assistant-issue.pdf',
			}),
		);

		// Link → Revoke: the link created above stops working.
		jsonOf(
			await client.callTool({
				name: 'revoke_subscriber_links',
				arguments: { subscriber_reference: 'sub_mcp_42' },
			}),
		);
		const afterRevoke = await admin.state();
		expect(afterRevoke.links.find((candidate) => candidate.id === created[0]!.id)).toEqual(
			expect.objectContaining({ revoked: true }),
		);
	});

	test('every refusal is a sentence the model can act on', async () => {
		const unknownIssue = errorOf(
			await client.callTool({
				name: 'create_reading_link',
				arguments: {
					issue_id: 'numero.press:no-such-issue',
					subscriber_reference: 'sub_mcp_43',
					days: 30,
				},
			}),
		);
		expect(unknownIssue).toContain('numero.press:no-such-issue');
		expect(unknownIssue).toContain('Call the tool that lists the issues');

		const badDays = errorOf(
			await client.callTool({
				name: 'create_reading_link',
				arguments: {
					issue_id: 'numero.press:no-such-issue',
					subscriber_reference: 'sub_mcp_43',
					days: 400,
				},
			}),
		);
		expect(badDays).toMatch(/365/);
		expect(badDays).toContain('Nothing was sent to numero');

		const plainHttp = errorOf(
			await client.callTool({
				name: 'publish_issue',
				arguments: { pdf_url: 'http://example.com/issue.pdf', title: 'Refusé' },
			}),
		);
		expect(plainHttp).toContain('must start with https://');

		const missing = errorOf(
			await client.callTool({
				name: 'publish_issue',
				arguments: { pdf_url: pdfUrl.replace('assistant-issue', 'missing'), title: 'Absent' },
			}),
		);
		expect(missing).toContain('HTTP 404');
	});
});
