interface SharedSingleton {
  singleton: true;
  requiredVersion: string;
  version?: string;
}

export declare const federationShared: Record<
  'react' | 'react-dom' | '@taskflow/shared',
  SharedSingleton
>;
