/**
 * n8n's editor as a person sees it: Debian's Chromium, headless, driven by puppeteer-core, signed in
 * to a running n8n. Used by the editor end-to-end test and by `npm run docs:screenshots`.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

import { runInstallScript } from './n8n-install';

// The callbacks given to page.evaluate run in the browser. This file is compiled without the DOM
// library (the rest of the tree runs in Node), so the little of the DOM they use is declared here.
interface PageElement {
	textContent: string | null;
	innerText: string;
	parentElement: PageElement | null;
	querySelector(selector: string): (PageElement & { value: string }) | null;
	getBoundingClientRect(): { x: number; y: number; width: number; height: number };
}
declare const document: { querySelectorAll(selector: string): Iterable<PageElement> };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Chromium to drive, installing Debian's package first if needed (or CHROMIUM). */
export function chromiumPath(): string {
	return runInstallScript('install-chromium.sh');
}

export interface NumeroApiCredential {
	id: string;
	name: string;
}

export class Editor {
	private constructor(
		private readonly browser: Browser,
		readonly page: Page,
		private readonly url: string,
	) {}

	/** Signs in to the n8n at `url`, in a 1440×900 window. */
	static async open(url: string, owner: { email: string; password: string }): Promise<Editor> {
		const browser = await puppeteer.launch({
			executablePath: chromiumPath(),
			args: ['--no-sandbox', '--disable-dev-shm-usage'],
		});
		try {
			const page = await browser.newPage();
			await page.setViewport({ width: 1440, height: 900 });
			page.setDefaultTimeout(60_000);
			await page.goto(`${url}/signin`, { waitUntil: 'networkidle2' });
			await page.type('input[type=email]', owner.email);
			await page.type('input[type=password]', owner.password);
			await page.keyboard.press('Enter');
			await page.waitForNavigation({ waitUntil: 'networkidle2' }).catch(() => undefined);
			return new Editor(browser, page, url);
		} catch (error) {
			await browser.close();
			throw error;
		}
	}

	close(): Promise<void> {
		return this.browser.close();
	}

	/** A call to n8n's REST API with the browser's session. */
	async rest(
		method: string,
		route: string,
		body?: unknown,
	): Promise<{ status: number; json: any }> {
		return this.page.evaluate(
			async ({ method, route, body }) => {
				const response = await fetch(route, {
					method,
					headers: {
						'content-type': 'application/json',
						'browser-id': localStorage.getItem('n8n-browserId') ?? '',
					},
					body: body === undefined ? undefined : JSON.stringify(body),
				});
				return { status: response.status, json: await response.json().catch(() => null) };
			},
			{ method, route, body },
		);
	}

	/** The first stored credential of this type. */
	async credential(type: string): Promise<NumeroApiCredential> {
		const all = (await this.rest('GET', '/rest/credentials')).json.data as Array<
			NumeroApiCredential & { type: string }
		>;
		const found = all.find((candidate) => candidate.type === type);
		if (!found) throw new Error(`n8n holds no ${type} credential`);
		return { id: found.id, name: found.name };
	}

	/** A new workflow: a manual trigger, then one Numero node with these parameters. Returns its id. */
	async workflowWithNumeroNode(
		name: string,
		parameters: Record<string, unknown>,
		credential: NumeroApiCredential,
	): Promise<string> {
		const trigger = 'When clicking ‘Execute workflow’';
		const created = await this.rest('POST', '/rest/workflows', {
			name,
			nodes: [
				{
					id: 'a',
					name: trigger,
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 'b',
					name: 'Numero',
					type: 'n8n-nodes-numero.numero',
					typeVersion: 1,
					position: [260, 0],
					parameters,
					credentials: { numeroApi: credential },
				},
			],
			connections: { [trigger]: { main: [[{ node: 'Numero', type: 'main', index: 0 }]] } },
			settings: {},
		});
		if (created.status !== 200)
			throw new Error(`creating a workflow: ${created.status} ${JSON.stringify(created.json)}`);
		return created.json.data.id as string;
	}

	/** Opens the workflow and the panel (NDV) of one of its nodes, as a double click does. */
	async openNode(workflowId: string, nodeName: string): Promise<void> {
		const { page } = this;
		await page.goto(`${this.url}/workflow/${workflowId}`, { waitUntil: 'networkidle2' });
		const node = await page.waitForSelector(
			`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`,
		);
		await pause(800);
		await page.keyboard.press('Escape');
		const box = await node!.boundingBox();
		await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2, { clickCount: 2 });
		await page.waitForSelector('[data-test-id="ndv"]');
		await pause(1500);
	}

	/** Clicks, with the mouse, the innermost element of the open panel whose text is exactly `text`. */
	async clickText(text: string): Promise<void> {
		const point = await this.page.evaluate((wanted) => {
			// Innermost: a headline such as "Webhook URLs" also holds its arrow icon, so it is no leaf.
			const element = [...document.querySelectorAll('[data-test-id="ndv"] *')]
				.filter((candidate) => candidate.textContent?.trim() === wanted)
				.at(-1);
			if (!element) return null;
			const { x, y, width, height } = element.getBoundingClientRect();
			return { x: x + width / 2, y: y + height / 2 };
		}, text);
		if (!point) throw new Error(`nothing in the open panel reads "${text}"`);
		// A real click: n8n's collapsibles and tabs listen on an ancestor of the text.
		await this.page.mouse.click(point.x, point.y);
		await pause(800);
	}

	/** What the input of the field labelled `label` in the open panel shows, or null if none. */
	async fieldValue(label: string): Promise<string | null> {
		return this.page.evaluate((wanted) => {
			const labels = [...document.querySelectorAll('[data-test-id="ndv"] *')].filter(
				(candidate) => candidate.textContent?.trim() === wanted,
			);
			for (let element = labels.at(-1)?.parentElement ?? null; element; ) {
				const input = element.querySelector('input, textarea');
				if (input) return input.value;
				element = element.parentElement;
			}
			return null;
		}, label);
	}

	/** The open panel's text, as a person reads it. */
	async panelText(): Promise<string> {
		return this.page.$eval(
			'[data-test-id="ndv"]',
			(panel) => (panel as unknown as PageElement).innerText,
		);
	}

	/** Runs the open node (its Execute step button) and returns the error headline it shows. */
	async executeNodeForError(): Promise<string> {
		await this.page.click('[data-test-id="node-execute-button"]');
		const headline = await this.page.waitForSelector(
			'[data-test-id="ndv"] [data-test-id="node-error-message"]',
		);
		return (
			await headline!.evaluate((element) => (element as unknown as PageElement).innerText)
		).trim();
	}

	async screenshot(file: string): Promise<void> {
		await this.page.screenshot({ path: file as `${string}.png` });
	}
}
