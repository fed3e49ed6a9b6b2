import { KEEPS_HINT_COOKIE } from './keeps-hint';

/**
 * The hearts and follow buttons of every page, as one small inline script (no React, no Next
 * runtime): a stored page's cards are markup, and a heart must work on a first visit whose
 * runtime never starts. Each control is a submit button (`button[data-keep=material|author]
 * [data-keep-id]`) of one of the page's two keep forms, which without script post to
 * `v3/subscriptions/form` and land on the favourites page; with
 * it, the press changes the button at once, is sent to the anonymous route (which keeps it for
 * whoever the session is, and makes the anonymous identity on a first heart), and is rolled back
 * with the server's message when it fails. One subject's presses are sent in order, and before the
 * browser keeps anything every press waits for the one before, so a quick second press cannot race
 * the first (or make a second identity); sent with keepalive, so leaving the page at once loses none.
 *
 * A page's buttons learn their state from the ids-only status call, made only when the keeps hint
 * says this browser keeps something; again for controls added later (a client navigation), when
 * the tab comes back into view (another tab may have changed the lists) and when the page returns
 * from the back-forward cache. An answer never undoes a press made after it was asked for (a tap
 * while the page's first status call is on its way). ES5, inline, allowed by its hash; run in
 * jsdom by keep-script.test.ts.
 */
const SOURCE = [
  'var d=document,w=d.documentElement.getAttribute("data-world")||"de",gate=null,chains={},presses=0,pressedAt={};',
  'if(!window.fetch||!window.Promise)return;',
  `function hinted(){return /(?:^|;\\s*)${KEEPS_HINT_COOKIE}=1(?:;|$)/.test(d.cookie)}`,
  'function buttons(s){return d.querySelectorAll("button[data-keep]"+(s||""))}',
  'function mark(t,id,on){var b=buttons("[data-keep=\\""+t+"\\"][data-keep-id=\\""+id+"\\"]");for(var i=0;i<b.length;i++)b[i].setAttribute("aria-pressed",on?"true":"false")}',
  'function api(p,init){return fetch("/api/v3/subscriptions/"+p+(p.indexOf("?")<0?"?":"&")+"world="+w,init)}',
  // A status answer does not undo a press made after it was asked for: the press is newer.
  'function apply(t,asked,kept,since){for(var i=0;i<asked.length;i++)if(!(pressedAt[t+asked[i]]>since))mark(t,asked[i],kept.indexOf(+asked[i])>=0)}',
  'function refresh(all){if(!hinted())return;',
  'var f=buttons(all?"":":not([data-keep-known])"),ids={material:[],author:[]};',
  'for(var i=0;i<f.length;i++){f[i].setAttribute("data-keep-known","");var t=f[i].getAttribute("data-keep"),id=f[i].getAttribute("data-keep-id");if(ids[t]&&ids[t].indexOf(id)<0&&ids[t].length<200)ids[t].push(id)}',
  'if(!ids.material.length&&!ids.author.length)return;var since=presses;',
  'api("status?materials="+ids.material.join(",")+"&authors="+ids.author.join(","),{credentials:"same-origin"}).then(function(r){return r.ok?r.json():null}).then(function(s){if(s){apply("material",ids.material,s.materials,since);apply("author",ids.author,s.authors,since)}},function(){})}',
  'function say(text){var n=d.getElementById("keep-notice");if(!n)return;n.textContent=text||n.getAttribute("data-failed");n.hidden=false;clearTimeout(n.t);n.t=setTimeout(function(){n.hidden=true},8000)}',
  // A browser that does not name the pressed button (no SubmitEvent.submitter) posts the form.
  'd.addEventListener("submit",function(e){var b=e.submitter;if(!b||!b.hasAttribute("data-keep"))return;e.preventDefault();',
  'var t=b.getAttribute("data-keep"),id=+b.getAttribute("data-keep-id"),on=b.getAttribute("aria-pressed")!=="true",k=t+id,first=!hinted();pressedAt[k]=++presses;mark(t,id,on);',
  // One subject's presses go in order; before this browser keeps anything, every press waits for
  // the one before (the first makes the anonymous identity). keepalive: a press followed at once
  // by leaving the page is still sent.
  'var p=Promise.all([chains[k],first?gate:null]).then(function(){return api("anonymous/"+(on?"subscribe":"unsubscribe"),{method:"POST",credentials:"same-origin",keepalive:true,headers:{"content-type":"application/json"},body:JSON.stringify({subjectId:id,subjectType:t})})}).then(function(r){if(!r.ok)return r.json().then(function(j){throw j},function(){throw null})})',
  '.catch(function(x){mark(t,id,!on);say(x&&x.error&&x.error.message)});chains[k]=p;if(first)gate=p});',
  'd.addEventListener("visibilitychange",function(){if(d.visibilityState==="visible")refresh(true)});',
  'addEventListener("pageshow",function(e){if(e.persisted)refresh(true)});',
  'if(window.MutationObserver)new MutationObserver(function(){refresh(false)}).observe(d.body,{childList:true,subtree:true});',
  'refresh(false);',
].join('');

export const KEEP_SCRIPT = `(function(){${SOURCE}})();`;
