/**
 * n8n's credentials helper, reduced to what a node execution needs, with the same behaviour as
 * n8n's own (packages/cli/src/credentials-helper.ts): stored data gets the credential's defaults,
 * `authenticate` functions are called, and generic `authenticate` objects are resolved as
 * expressions against `$credentials` and merged into the request.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	IRequestOptionsSimplified,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, isExpression } from 'n8n-workflow';

import type { CredentialTypeRegistry } from './type-registries';

export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly credentialTypes: CredentialTypeRegistry,
		/** Stored credential data by credential type name. */
		private readonly stored: Record<string, ICredentialDataDecryptedObject>,
	) {
		super();
	}

	getParentTypes(name: string): string[] {
		return this.credentialTypes.getParentTypes(name);
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialTypes.getByName(type).properties;
	}

	/** The stored data with the credential's defaults applied, as n8n's applyDefaultsAndOverwrites does. */
	withDefaults(type: string, data: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject {
		const withDefaults = NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			data as INodeParameters,
			true,
			false,
			null,
			null,
		);
		return { ...data, ...(withDefaults as ICredentialDataDecryptedObject) };
	}

	async getDecrypted(
		_additionalData: unknown,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	) {
		const data = this.stored[type];
		if (!data) throw new Error(`The test gave no credentials of type "${type}"`);
		return this.withDefaults(type, data);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incoming: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incoming as IHttpRequestOptions &
			Record<string, Record<string, unknown>>;
		const { authenticate } = this.credentialTypes.getByName(typeName);
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (authenticate?.type === 'generic') {
			if (!workflow || !node)
				throw new Error('Workflow and node are required for declarative credential authentication');
			requestOptions.headers ??= {};
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				for (const [key, value] of Object.entries(outerValue as Record<string, string>)) {
					requestOptions[outerKey] ??= {};
					requestOptions[outerKey][this.resolve(key, credentials, workflow, node)] = this.resolve(
						value,
						credentials,
						workflow,
						node,
					);
				}
			}
		}
		return requestOptions;
	}

	private resolve(
		value: string,
		credentials: ICredentialDataDecryptedObject,
		workflow: Workflow,
		node: INode,
	): string {
		if (!isExpression(value)) return value;
		const resolved = workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			{ $credentials: credentials },
			undefined,
			'',
		);
		return resolved ? String(resolved) : '';
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('Stored (encrypted) credentials are not used by the test harness');
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}
}
