/** Entry point of the comparison page (compare.html): one set-up, three contact models. */
import './styles.css';
import './chain/chain.css';
import './compare/compare.css';
import { startCompareApp } from './compare/app';

startCompareApp();
