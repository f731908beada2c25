/** Node and credential type registries with the interfaces n8n's engine expects (INodeTypes, ICredentialTypes). */
import type {
	ICredentialType,
	ICredentialTypes,
	IDataObject,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

export class NodeTypeRegistry implements INodeTypes {
	constructor(
		private readonly types: Record<string, INodeType | IVersionedNodeType>,
		/** Shown when a type is missing, e.g. the package entries that failed to load. */
		private readonly loadProblems: string[] = [],
	) {}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const type = this.types[nodeType];
		if (!type) {
			const problems = this.loadProblems.length
				? ` Load problems: ${this.loadProblems.join('; ')}`
				: '';
			throw new Error(
				`Unknown node type "${nodeType}". Known: ${Object.keys(this.types).join(', ')}.${problems}`,
			);
		}
		return type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		return Object.fromEntries(
			Object.keys(this.types).map((name) => [name, { className: name, sourcePath: '' }]),
		);
	}

	names(): string[] {
		return Object.keys(this.types);
	}
}

export class CredentialTypeRegistry implements ICredentialTypes {
	constructor(
		private readonly types: Record<string, ICredentialType>,
		private readonly nodeTypes: NodeTypeRegistry,
	) {}

	recognizes(credentialType: string): boolean {
		return credentialType in this.types;
	}

	getByName(credentialType: string): ICredentialType {
		const type = this.types[credentialType];
		if (!type) throw new Error(`Unknown credential type "${credentialType}"`);
		return type;
	}

	/** Node types (full names) whose some version declares this credential. */
	getSupportedNodes(credentialType: string): string[] {
		return this.nodeTypes.names().filter((name) => {
			const type = this.nodeTypes.getByName(name);
			const versions = 'nodeVersions' in type ? Object.values(type.nodeVersions) : [type];
			return versions.some((version) =>
				version.description.credentials?.some((c) => c.name === credentialType),
			);
		});
	}

	getParentTypes(credentialType: string): string[] {
		const parents = this.getByName(credentialType).extends ?? [];
		return parents.flatMap((parent) => [
			parent,
			...(this.recognizes(parent) ? this.getParentTypes(parent) : []),
		]);
	}
}
