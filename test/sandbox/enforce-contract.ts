// Jest setupFiles entry: every sandbox started during the suite checks its answers against openapi.json.
process.env.NUMERO_SANDBOX_CONTRACT ??= 'enforce';
