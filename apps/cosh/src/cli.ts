// placeholder until the CLI lands
export {};
