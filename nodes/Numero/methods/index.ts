export * as listSearch from './list-search';
export * as loadOptions from './load-options';
