import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { NumeroApi } from '../../../credentials/NumeroApi.credentials';
import type { FieldNamer } from '../../../shared/index';

/**
 * Which of an operation's parameters gives each field the core checks: the API's field name (or the
 * core's `Idempotency-Key`, `pdf`…) to the parameter's path, e.g. `jours: 'additionalFields.days'`.
 * The label on screen is read from the operation's own declarations at that path, so no second table
 * of labels exists to go stale.
 */
export type ApiFieldParameters = Readonly<Record<string, string>>;

type Declared = INodeProperties | INodePropertyCollection | INodePropertyOptions;

function childrenOf(declared: Declared): readonly Declared[] {
	if ('options' in declared && Array.isArray(declared.options)) return declared.options;
	if ('values' in declared && Array.isArray(declared.values)) return declared.values;
	return [];
}

/** The label shown for the parameter at `path` (`additionalFields.days` → "Days Valid"), if declared. */
export function parameterLabel(
	properties: readonly INodeProperties[],
	path: string,
): string | undefined {
	let level: readonly Declared[] = properties;
	let found: Declared | undefined;
	for (const name of path.split('.')) {
		found = level.find((declared) => declared.name === name && 'displayName' in declared);
		if (!found) return undefined;
		level = childrenOf(found);
	}
	return found && 'displayName' in found ? found.displayName : undefined;
}

const credentialProperties = new NumeroApi().properties;

/** The credential's fields, as its own declarations label them. */
function credentialLabel(field: string): string | undefined {
	const label = parameterLabel(credentialProperties, field);
	return label ? `${label} (Numero API credential)` : undefined;
}

/**
 * How an operation names the core's fields: the label of the parameter that gave the field, else
 * the credential's label, else the API's name in quotes (a field the screen does not show).
 */
export function operationFieldNamer(
	properties: readonly INodeProperties[],
	fields: ApiFieldParameters,
): FieldNamer {
	return (field) => {
		const path = Object.hasOwn(fields, field) ? fields[field] : undefined;
		return (path && parameterLabel(properties, path)) ?? credentialLabel(field) ?? `"${field}"`;
	};
}
