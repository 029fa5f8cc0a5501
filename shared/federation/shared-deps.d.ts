interface SharedSingleton {
  singleton: true;
  requiredVersion: string;
  version?: string;
}

export declare const federationShared: Record<
  'react' | 'react-dom' | 'rxjs' | '@supabase/supabase-js' | '@taskflow/shared',
  SharedSingleton
>;

export declare const devPorts: {
  readonly shell: 5173;
  readonly board: 5174;
  readonly card: 5175;
  readonly team: 5176;
};
