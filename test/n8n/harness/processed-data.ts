/**
 * The deduplication store n8n's server gives nodes (this.helpers.checkProcessedAndRecord): n8n-core
 * only forwards to a deduplicator that the server (packages/cli, DeduplicationHelper over the
 * ProcessedData table) installs at start. n8n-core alone has none, so the harness installs this one,
 * which behaves as n8n 2.40's does in 'entries' mode: one record per workflow and context
 * (`n:<node id>` or the workflow), values kept as MD5 hashes, read then written back whole with a
 * database round trip in between, and a first insert that fails when the record already exists
 * (its key is unique). A real n8n (SQLite and PostgreSQL) is exercised by the e2e and reliability suites.
 */
import { createHash } from 'node:crypto';

import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

import { core } from './n8n-modules';

interface Row {
	mode: string;
	data: string[];
}

/** A database round trip: other executions run in between, as they do against a real database. */
const roundTrip = () => new Promise((resolve) => setImmediate(resolve));

class ProcessedDataTable implements IDataDeduplicator {
	readonly rows = new Map<string, Row>();

	private key(scope: DeduplicationScope, context: ICheckProcessedContextData): string {
		return `${context.workflow.id}|${scope === 'node' ? `n:${context.node!.id}` : ''}`;
	}

	private static hash(value: DeduplicationItemTypes): string {
		return createHash('md5').update(value.toString()).digest('base64');
	}

	private async find(key: string): Promise<Row | undefined> {
		await roundTrip();
		const row = this.rows.get(key);
		return row && structuredClone(row);
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		const key = this.key(scope, context);
		const existing = await this.find(key);
		if (existing && existing.mode !== options.mode) {
			throw new Error(
				'Deduplication data was originally saved with an incompatible setting of the ‘Keep Items Where’ parameter.',
			);
		}
		const hashes = items.map(ProcessedDataTable.hash);
		await roundTrip();
		if (!existing) {
			if (this.rows.has(key))
				throw new Error('duplicate key value violates unique constraint "PK_processed_data"');
			this.rows.set(key, {
				mode: options.mode,
				data: options.maxEntries ? hashes.slice(-options.maxEntries) : hashes,
			});
			return { new: items, processed: [] };
		}
		const known = new Set(existing.data);
		const output: IDeduplicationOutput = { new: [], processed: [] };
		hashes.forEach((hash, index) => {
			if (known.has(hash)) output.processed.push(items[index]!);
			else {
				output.new.push(items[index]!);
				existing.data.push(hash);
			}
		});
		if (options.maxEntries) existing.data.splice(0, existing.data.length - options.maxEntries);
		// An UPDATE: it changes nothing when the record was deleted in the meantime.
		if (this.rows.has(key)) this.rows.set(key, existing);
		return output;
	}

	async checkProcessedItemsAndRecord(): Promise<never> {
		throw new Error('not used by this package');
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<void> {
		const key = this.key(scope, context);
		const existing = await this.find(key);
		if (!existing) return;
		const hashes = new Set(items.map(ProcessedDataTable.hash));
		existing.data = existing.data.filter((hash) => !hashes.has(hash));
		await roundTrip();
		if (this.rows.has(key)) this.rows.set(key, existing);
	}

	async clearAllProcessedItems(
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<void> {
		await roundTrip();
		this.rows.delete(this.key(scope, context));
	}

	async getProcessedDataCount(
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<number> {
		const existing = await this.find(this.key(scope, context));
		return existing && options.mode === 'entries' ? existing.data.length : 0;
	}
}

let table: ProcessedDataTable | undefined;

/** Installs the store once per process (n8n-core allows one) and returns it, for tests that look inside. */
export function useProcessedDataTable(): ProcessedDataTable {
	if (!table) {
		table = new ProcessedDataTable();
		void core.DataDeduplicationService.init(table);
	}
	return table;
}
