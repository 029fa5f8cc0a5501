// The demo account that `npm start` seeds once and the remotes' standalone harness signs in
// with. Local only: it exists in the local backend's database and nowhere else.
export const demoAccount = {
  email: 'demo@taskflow.local',
  password: 'taskflow-demo',
  fullName: 'Demo Nutzerin',
} as const;
