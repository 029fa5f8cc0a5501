// Linted as shared/src: the library importing an app.
import CardDetail from '../../card-remote/src/card-detail';

export { CardDetail };
