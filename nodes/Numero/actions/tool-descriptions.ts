import type { INodeProperties } from 'n8n-workflow';

import { LINK_DAYS, REFERENCE_MAX_CHARS } from '../../../shared/index';

/**
 * What each operation tells a language model when the node runs as Numero Tool (for n8n's AI Agent
 * or its MCP Server Trigger): what it does, the units and limits of its inputs, and which tool to
 * call first. n8n adds its own "Tool Description" field (resource and operation only) unless the node
 * has one: these fields, shown only in the tool (`@tool`), are the node's own, one per operation,
 * and can be edited in the tool's panel.
 */
export const TOOL_DESCRIPTIONS: Record<string, Record<string, string>> = {
	account: {
		get: 'Returns the numero account this tool is connected to: its plan (formule), status, renewal date, limits (issues, file size, calls per minute) and usage. Takes no input.',
	},
	issue: {
		get: 'Returns one issue of the numero account: title, periodical, release date, pages, access (abonnes = subscribers only, libre = free), status, public page address and cover. Input: the issue id, shaped domain:address (e.g. numero.press:la-revue-mars-2026); call the tool that lists the issues first if you do not know it.',
		getMany:
			'Lists the issues of the numero account, newest first, in a compact form (id, title, periodical, date, status, public page) unless full output is asked for. Call it first to find an issue id (domain:address, e.g. numero.press:la-revue-mars-2026) before creating a reading link or reading statistics. Limit: 1 to 200 issues; keep it small.',
		publish:
			'Publishes a new issue on numero from a PDF at an https address (the tool downloads it; it never receives files). Inputs: the PDF address, the title (at most 200 characters) and optionally a JPEG cover address. Publishing is public and counts against the plan: only call it when a person asked for this exact PDF to be published. Returns the new issue with its id and public page.',
		replacePdf:
			"Replaces the PDF of an existing issue with a PDF at an https address (the tool downloads it), keeping the issue's addresses and every reading link. Input: the issue id (domain:address; list the issues first to find it) and the new PDF's address. Only call it when a person asked for this replacement.",
		update:
			'Edits an issue of the numero account (title, access, release month), takes it offline, puts it back online or publishes a scheduled issue now. Input: the issue id (domain:address; list the issues first to find it). Taking an issue offline hides it from every reader: only do it when a person asked.',
	},
	link: {
		create: `Creates a signed reading link that lets one subscriber read one issue, and returns its url and expiry date (expire_le). Inputs: the issue id (domain:address, e.g. numero.press:la-revue-mars-2026; call the tool that lists the issues first to find it), the subscriber reference (1 to ${REFERENCE_MAX_CHARS} letters, digits and _ . : @ + -; the publisher's own subscriber id, not an email address when avoidable) and optionally the days the link works (${LINK_DAYS.min} to ${LINK_DAYS.max}). Send the url to the subscriber; do not publish it.`,
		revoke: `IRREVERSIBLE: makes every reading link ever created for a subscriber reference stop working, for every issue (links created afterwards work). Input: the subscriber reference (1 to ${REFERENCE_MAX_CHARS} letters, digits and _ . : @ + -). Only call it when a person has confirmed this subscriber must lose access.`,
	},
	statistics: {
		get: 'Returns how an issue was read: reads in the window (lectures), reads since publication, average reading time in seconds, and the share read to the end; full output adds reads per day and per source. Inputs: the issue id (domain:address; call the tool that lists the issues first to find it) and optionally the first day of the window as YYYY-MM-DD (default: the last 30 days).',
	},
};

/** The "Description" field of Numero Tool, one per operation, filled with TOOL_DESCRIPTIONS. */
export const toolDescriptionProperties: INodeProperties[] = Object.entries(
	TOOL_DESCRIPTIONS,
).flatMap(([resource, operations]) =>
	Object.entries(operations).map(
		([operation, text]): INodeProperties => ({
			displayName: 'Tool Description',
			name: 'toolDescription',
			type: 'string',
			typeOptions: { rows: 4 },
			default: text,
			description:
				'What the model is told this tool does. The default says what it does, its limits and which tool to call first.',
			displayOptions: { show: { '@tool': [true], resource: [resource], operation: [operation] } },
		}),
	),
);
