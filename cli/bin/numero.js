#!/usr/bin/env node
'use strict';
// The command is written in TypeScript and compiled with the rest of the repository (npm run build).
require('../../dist/cli/main.js');
