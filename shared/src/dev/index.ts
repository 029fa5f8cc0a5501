// @taskflow/shared/dev: what a remote's standalone page (main.tsx) needs and the apps do not.
export { StandaloneHarness, type StandaloneHarnessProps } from './standalone-harness';
export { demoAccount } from './demo-account';
export { renderStandalone } from './render-standalone';
